namespace Cqrs.Testing;

/// <summary>The ways a received body can be broken, each a case of <see cref="TransportContractTests"/>.</summary>
public enum MalformedPayload
{
    /// <summary>No bytes at all.</summary>
    Empty,

    /// <summary>A valid body missing its last three bytes.</summary>
    Truncated,

    /// <summary>Bytes that are not MessagePack (0xC1 is never used).</summary>
    Garbage,

    /// <summary>A string where the message's array should be.</summary>
    NotAnArray,

    /// <summary>A map where the message's array should be.</summary>
    MapInsteadOfArray,

    /// <summary>Another message's body: an int where the order expects a Guid.</summary>
    WrongMemberTypes,

    /// <summary>A valid body followed by one more value.</summary>
    TrailingBytes,

    /// <summary>Nil for a non-nullable string member.</summary>
    NilForNonNullableString,

    /// <summary>Nil for a non-nullable collection member.</summary>
    NilForNonNullableCollection,

    /// <summary>Nil for a non-nullable string member of the second element of a list.</summary>
    NilInACollectionElement,

    /// <summary>An array of the first two members only, where the constructor needs every one.</summary>
    MissingConstructorMembers,
}
