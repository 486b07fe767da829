using System.Collections.Frozen;
using System.Diagnostics;
using System.Globalization;
using Cqrs.Functions.Ingestion;
using FluentValidation;
using Microsoft.AspNetCore.Http;

namespace Cqrs.Functions;

/// <summary>
/// Takes a command over HTTP (<c>POST /api/commands/{wireName}</c>): reads it, validates and sends it, and answers
/// 202 with its message and correlation ids, a <c>Retry-After</c> and, where the app follows the command, a
/// <c>Location</c>; or a problem: 400 (malformed, every problem by member path, or invalid, every validation error),
/// 404 (no command of that wire name is public), 408 (the body came too slowly), 413 (body too large), 415 (neither
/// JSON nor MessagePack). Nothing is sent unless the answer is 202. Thread-safe.
/// </summary>
public sealed class CommandIngestion
{
    private const string TraceParentHeader = "traceparent";

    private readonly ICommandBus _bus;
    private readonly FrozenDictionary<string, IngestibleCommand> _commands;
    private readonly CommandIngestionOptions _options;
    private readonly string _retryAfter;
    private readonly TimeProvider _time;

    internal CommandIngestion(ICommandBus bus, IngestibleCommands commands, CommandIngestionOptions options, TimeProvider time)
    {
        _bus = bus;
        _commands = commands.ByWireName;
        _options = options;
        _retryAfter = ((long)Math.Ceiling(options.RetryAfter.TotalSeconds)).ToString(CultureInfo.InvariantCulture);
        _time = time;
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

        if (request.ContentLength > _options.MaxBodyBytes)
        {
            return IngestionProblems.TooLarge(_options.MaxBodyBytes);
        }

        var (read, timedOut) = await ReadBodyAsync(request, cancellationToken).ConfigureAwait(false);
        if (timedOut)
        {
            return IngestionProblems.TooSlow(_options.BodyTimeout);
        }

        using var body = read;
        if (body is null)
        {
            return IngestionProblems.TooLarge(_options.MaxBodyBytes);
        }

        try
        {
            var (sent, location) = await command.SendAsync(_bus, body.Memory, format, cancellationToken).ConfigureAwait(false);
            var headers = request.HttpContext.Response.Headers;
            headers.RetryAfter = _retryAfter;
            if (location is not null)
            {
                headers.Location = location;
            }

            return TypedResults.Json(
                new AcceptedCommand(sent.MessageId, sent.CorrelationId),
                AcceptedCommandJsonContext.Default.AcceptedCommand,
                statusCode: StatusCodes.Status202Accepted);
        }
        catch (MalformedBodyException exception)
        {
            return IngestionProblems.MalformedBody(exception.Problems);
        }
        catch (ValidationException exception)
        {
            return IngestionProblems.Invalid(exception.Errors);
        }
    }

    /// <summary>The body (null when it is too large), or that it did not come within the body timeout.</summary>
    private async Task<(BoundedBody? Body, bool TimedOut)> ReadBodyAsync(HttpRequest request, CancellationToken cancellationToken)
    {
        using var deadline = new CancellationTokenSource(_options.BodyTimeout, _time);
        using var linked = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken, deadline.Token);
        try
        {
            return (await BoundedBody.ReadAsync(request.Body, request.ContentLength, _options.MaxBodyBytes, linked.Token).ConfigureAwait(false), false);
        }
        catch (OperationCanceledException) when (deadline.IsCancellationRequested && !cancellationToken.IsCancellationRequested)
        {
            return (null, true);
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
