using System.Collections.Frozen;
using System.Diagnostics;
using Cqrs.Functions.Ingestion;
using FluentValidation;
using Microsoft.AspNetCore.Http;

namespace Cqrs.Functions;

/// <summary>
/// Takes a command over HTTP (<c>POST /api/commands/{wireName}</c>): reads it, validates and sends it, and answers
/// 202 with its message and correlation ids, or a problem: 400 (malformed or invalid, every validation error listed),
/// 404 (no command of that wire name), 413 (body too large), 415 (neither JSON nor MessagePack). Thread-safe.
/// </summary>
public sealed class CommandIngestion
{
    private const string TraceParentHeader = "traceparent";

    private readonly ICommandBus _bus;
    private readonly FrozenDictionary<string, IngestibleCommand> _commands;
    private readonly int _maxBodyBytes;

    internal CommandIngestion(ICommandBus bus, IReadOnlyDictionary<string, IngestibleCommand> commands, CommandIngestionOptions options)
    {
        _bus = bus;
        _commands = commands.ToFrozenDictionary(StringComparer.Ordinal);
        _maxBodyBytes = options.MaxBodyBytes;
    }

    /// <summary>Ingests the command in <paramref name="request"/>'s body; the response carries a <c>traceparent</c> of the request's trace.</summary>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled.</exception>
    public async Task<IResult> IngestAsync(HttpRequest request, string wireName, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(request);
        // Without a listener nothing records the request's span: one of our own keeps the caller's trace going.
        using var activity = Activity.Current is null ? StartTraceFrom(request) : null;
        request.HttpContext.Response.Headers[TraceParentHeader] = Activity.Current!.Id;
        return await IngestInTraceAsync(request, wireName, cancellationToken).ConfigureAwait(false);
    }

    private async Task<IResult> IngestInTraceAsync(HttpRequest request, string wireName, CancellationToken cancellationToken)
    {
        if (!_commands.TryGetValue(wireName, out var command))
        {
            return IngestionProblems.UnknownCommand(wireName);
        }

        if (IngestionContentTypes.Parse(request.ContentType) is not { } format || !command.Reads(format))
        {
            return IngestionProblems.UnsupportedMediaType(command.Reads(BodyFormat.MessagePack));
        }

        if (request.ContentLength > _maxBodyBytes)
        {
            return IngestionProblems.TooLarge(_maxBodyBytes);
        }

        using var body = await BoundedBody.ReadAsync(request.Body, request.ContentLength, _maxBodyBytes, cancellationToken).ConfigureAwait(false);
        if (body is null)
        {
            return IngestionProblems.TooLarge(_maxBodyBytes);
        }

        try
        {
            var sent = await command.SendAsync(_bus, body.Memory, format, cancellationToken).ConfigureAwait(false);
            return TypedResults.Json(
                new AcceptedCommand(sent.MessageId, sent.CorrelationId),
                AcceptedCommandJsonContext.Default.AcceptedCommand,
                statusCode: StatusCodes.Status202Accepted);
        }
        catch (MalformedBodyException exception)
        {
            return IngestionProblems.MalformedBody(exception.Message);
        }
        catch (ValidationException exception)
        {
            return IngestionProblems.Invalid(exception.Errors);
        }
    }

    private static Activity StartTraceFrom(HttpRequest request)
    {
        var activity = new Activity("Cqrs.Functions.IngestCommand");
        if (request.Headers[TraceParentHeader].ToString() is { Length: > 0 } traceParent
            && ActivityContext.TryParse(traceParent, request.Headers["tracestate"].ToString(), out var parent))
        {
            activity.SetParentId(parent.TraceId, parent.SpanId, parent.TraceFlags);
        }

        return activity.Start();
    }
}
