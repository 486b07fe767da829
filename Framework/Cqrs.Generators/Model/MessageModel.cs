namespace Cqrs.Generators.Model;

/// <summary>What a wire-named type is; also the name of the builder method that registers it.</summary>
internal enum MessageKind
{
    Command,
    Event,

    /// <summary>The state of an event-sourced aggregate, serialized for snapshots; it has no handlers.</summary>
    AggregateState,

    /// <summary>The state of a saga, serialized into its store; registered as a state type, like an aggregate's.</summary>
    SagaState,
}

/// <summary>A command, event or aggregate state declared in this compilation: a type with a wire name and a codec.</summary>
/// <param name="WireName">The valid wire name, or null when it is missing or malformed (already reported).</param>
/// <param name="OrderingKey">C# reading a command's or event's ordering key as text from a parameter named <c>message</c>; null when it has none.</param>
/// <param name="IsPublic">True for a command declared <c>[PublicCommand]</c>: callers outside the app may send it.</param>
internal sealed record MessageModel(
    MessageKind Kind, string TypeName, string CodecName, string? WireName, LocationInfo? Location, string? OrderingKey = null, bool IsPublic = false);
