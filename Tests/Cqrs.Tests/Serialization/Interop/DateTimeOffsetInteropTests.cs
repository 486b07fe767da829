using Cqrs.Tests.Support;
using MessagePack;

namespace Cqrs.Tests.Serialization.Interop;

/// <summary>
/// DateTimeOffset with a non-zero offset: both libraries write [timestamp of the clock time, offset minutes],
/// so each keeps the other's instant and offset (at offset zero the samples already compare the bytes).
/// </summary>
public sealed class DateTimeOffsetInteropTests
{
    private static readonly DateTimeOffset AtPlusFiveThirty = new(2024, 2, 29, 13, 45, 30, TimeSpan.FromMinutes(330));

    [Fact]
    public void OurBytes_WithAnOffset_ReadByMessagePackCSharp_KeepInstantAndOffset()
    {
        var ours = new InteropEverything { AtOffset = AtPlusFiveThirty };

        var theirs = MessagePackSerializer.Deserialize<InteropEverythingTwin>(RegistryCodec<InteropEverything>.Serialize(ours), MessagePackCSharpInteropTests.Untrusted);

        InteropAssert.SameOffset(AtPlusFiveThirty, theirs.AtOffset);
    }

    [Fact]
    public void MessagePackCSharpBytes_WithAnOffset_ReadByUs_KeepInstantAndOffset()
    {
        var theirs = new InteropEverythingTwin { AtOffset = AtPlusFiveThirty };

        var ours = RegistryCodec<InteropEverything>.Deserialize(MessagePackSerializer.Serialize(theirs, MessagePackCSharpInteropTests.Untrusted));

        InteropAssert.SameOffset(AtPlusFiveThirty, ours.AtOffset);
    }
}
