using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using Cqrs.Serialization;

namespace Cqrs.Functions.Ingestion;

/// <summary>
/// A command type bound at compile time: its JSON contract is the one of <typeparamref name="TCommand"/> itself, a type
/// from the application's registry, never one named by the payload, so no polymorphic binding can happen.
/// </summary>
internal sealed class IngestibleCommand<TCommand>(
    string wireName, JsonTypeInfo<TCommand> json, IMessagePackCodec<TCommand>? messagePack)
    : IngestibleCommand(wireName)
    where TCommand : ICommand
{
    public override bool Reads(BodyFormat format) => format == BodyFormat.Json || messagePack is not null;

    public override ValueTask<SentMessage> SendAsync(
        ICommandBus bus, ReadOnlyMemory<byte> body, BodyFormat format, CancellationToken cancellationToken) =>
        bus.SendAsync(format == BodyFormat.Json ? ReadJson(body.Span) : ReadMessagePack(body), cancellationToken);

    private TCommand ReadJson(ReadOnlySpan<byte> body)
    {
        try
        {
            return JsonSerializer.Deserialize(body, json)
                ?? throw new MalformedBodyException("The body is null; a command object was expected.");
        }
        catch (JsonException exception)
        {
            throw new MalformedBodyException(exception.Message, exception);
        }
    }

    private TCommand ReadMessagePack(ReadOnlyMemory<byte> body)
    {
        try
        {
            // The body's size was bounded by the ingestion options before it was read.
            return messagePack!.FromBytes(body, WireName, "body");
        }
        catch (MessageFormatException exception)
        {
            throw new MalformedBodyException(exception.Message, exception);
        }
    }
}
