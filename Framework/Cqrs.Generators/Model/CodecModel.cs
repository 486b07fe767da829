namespace Cqrs.Generators.Model;

/// <summary>The MessagePack codec of a message or nested contract type.</summary>
/// <param name="Members">Keyed members, by ascending key.</param>
/// <param name="ConstructorKeys">Keys of the members passed to the constructor, in parameter order; the others are set by initializer.</param>
/// <param name="NestedCodecs">Codecs of contract types the members use; this codec compiles only when they are emitted too.</param>
/// <param name="HasRequiredMembers">True when a keyed member is <c>required</c>, so the type cannot be created without an initializer.</param>
/// <param name="CanEmit">False when the type has an error that would make the codec fail to compile.</param>
internal sealed record CodecModel(
    string TypeName,
    string CodecName,
    EquatableArray<MemberModel> Members,
    EquatableArray<int> ConstructorKeys,
    EquatableArray<string> NestedCodecs,
    bool HasRequiredMembers,
    bool CanEmit);

/// <summary>A keyed member: its name (escaped if a keyword), key and shape; <paramref name="Required"/> when it is declared <c>required</c>.</summary>
internal sealed record MemberModel(string Name, int Key, ValueShape Shape, bool Required);
