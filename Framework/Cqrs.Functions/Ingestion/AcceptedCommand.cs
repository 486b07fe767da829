namespace Cqrs.Functions.Ingestion;

/// <summary>The 202 response's body: what a caller needs to follow its command.</summary>
internal sealed record AcceptedCommand(Guid MessageId, Guid CorrelationId);
