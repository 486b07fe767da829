using Cqrs.Tests.Support;
using MessagePack;

namespace Cqrs.Tests.Serialization.Interop;

/// <summary>
/// Wire compatibility of the generated codecs with MessagePack-CSharp 2.5 (the reference .NET implementation),
/// both ways, for every member shape the generator supports.
/// </summary>
public sealed class MessagePackCSharpInteropTests
{
    internal static readonly MessagePackSerializerOptions Untrusted =
        MessagePackSerializerOptions.Standard.WithSecurity(MessagePackSecurity.UntrustedData);

    public static TheoryData<string> Samples => InteropSamples.Names;

    [Theory]
    [MemberData(nameof(Samples))]
    public void OurBytes_ReadByMessagePackCSharp_GiveEqualValues(string sample)
    {
        var ours = InteropSamples.Get(sample);

        var theirs = MessagePackSerializer.Deserialize<InteropEverythingTwin>(RegistryCodec<InteropEverything>.Serialize(ours), Untrusted);

        InteropAssert.Same(ours, theirs);
        Assert.Equal(DateTimeKind.Utc, theirs.At.Kind);
    }

    [Theory]
    [MemberData(nameof(Samples))]
    public void MessagePackCSharpBytes_ReadByUs_GiveEqualValues(string sample)
    {
        var theirs = InteropSamples.ToTwin(InteropSamples.Get(sample));

        var ours = RegistryCodec<InteropEverything>.Deserialize(MessagePackSerializer.Serialize(theirs, Untrusted));

        InteropAssert.Same(ours, theirs);
        Assert.Equal(DateTimeKind.Utc, ours.At.Kind);
    }

    /// <summary>
    /// Both pick the shortest integer, float 32/64 by type, the shortest str/bin header and timestamp, the "D"
    /// Guid and the "G" decimal string, nil in key gaps: so, at offset zero, the very same bytes.
    /// </summary>
    [Theory]
    [MemberData(nameof(Samples))]
    public void BothLibraries_WriteIdenticalBytes(string sample)
    {
        var ours = InteropSamples.Get(sample);

        var theirBytes = MessagePackSerializer.Serialize(InteropSamples.ToTwin(ours), Untrusted);

        Assert.Equal(Convert.ToHexString(theirBytes), Convert.ToHexString(RegistryCodec<InteropEverything>.Serialize(ours)));
    }
}
