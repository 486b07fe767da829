namespace Cqrs.Transports;

/// <summary>A message as its MessagePack payload, with the wire name that says how to read it back.</summary>
/// <param name="WireName">The message type's wire name.</param>
/// <param name="Kind">Command or event.</param>
/// <param name="Body">The MessagePack payload.</param>
public sealed record SerializedMessage(string WireName, MessageKind Kind, byte[] Body);
