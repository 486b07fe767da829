namespace Cqrs.Functions.Ingestion;

/// <summary>How a command's body is encoded.</summary>
internal enum BodyFormat
{
    Json,
    MessagePack,
}
