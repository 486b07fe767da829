using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Cqrs.Serialization;

namespace Cqrs.Functions.Ingestion;

/// <summary>
/// A command type bound at compile time: its JSON contract is the one of <typeparamref name="TCommand"/> itself, a type
/// from the application's registry, never one named by the payload, so no polymorphic binding can happen.
/// </summary>
internal sealed class IngestibleCommand<TCommand>(
    string wireName, JsonTypeInfo<TCommand> json, JsonShape shape, IMessagePackCodec<TCommand>? messagePack, Func<TCommand, string>? location)
    : IngestibleCommand(wireName)
    where TCommand : ICommand
{
    public override bool Reads(BodyFormat format) => format == BodyFormat.Json || messagePack is not null;

    public override async ValueTask<(SentMessage Sent, string? Location)> SendAsync(
        ICommandBus bus, ReadOnlyMemory<byte> body, BodyFormat format, CancellationToken cancellationToken)
    {
        var command = format == BodyFormat.Json ? ReadJson(body.Span) : ReadMessagePack(body);
        var sent = await bus.SendAsync(command, cancellationToken).ConfigureAwait(false);
        return (sent, location?.Invoke(command));
    }

    private TCommand ReadJson(ReadOnlySpan<byte> body)
    {
        if (StrictJsonReader.Check(body, shape) is { } problems)
        {
            throw new MalformedBodyException(problems);
        }

        try
        {
            // Checked against the shape, the body fits the contract but for forms only the serializer knows (a duration's).
            return JsonSerializer.Deserialize(body, json)!;
        }
        catch (JsonException exception)
        {
            throw Malformed(exception.Path ?? "$", "Expected a value of the member's form.");
        }
        catch (ArgumentException)
        {
            // The command's constructor refused the values; its message is the app's, not the caller's.
            throw Malformed("$", "Expected values the command accepts.");
        }
    }

    private TCommand ReadMessagePack(ReadOnlyMemory<byte> body)
    {
        try
        {
            // The body's size was bounded by the ingestion options before it was read.
            return messagePack!.FromBytes(body, WireName, "body");
        }
        catch (MessageFormatException)
        {
            // The codec's reasons name .NET types; the caller is told the form the body must have.
            throw Malformed("$", "Expected one MessagePack array of the command's members by key, each of its member's form, and nothing after it.");
        }
    }

    private static MalformedBodyException Malformed(string path, string problem)
    {
        var problems = new BodyProblems();
        problems.Add(path, problem);
        return new MalformedBodyException(problems);
    }
}
