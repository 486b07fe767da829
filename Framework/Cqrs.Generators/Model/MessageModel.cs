namespace Cqrs.Generators.Model;

/// <summary>Whether a message is a command or an event.</summary>
internal enum MessageKind
{
    Command,
    Event,
}

/// <summary>A command or event declared in this compilation.</summary>
/// <param name="WireName">The valid wire name, or null when it is missing or malformed (already reported).</param>
internal sealed record MessageModel(MessageKind Kind, string TypeName, string CodecName, string? WireName, LocationInfo? Location);
