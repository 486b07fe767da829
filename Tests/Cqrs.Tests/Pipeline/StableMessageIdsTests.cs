using System.Diagnostics.CodeAnalysis;
using System.Security.Cryptography;
using Cqrs.Identifiers;
using Cqrs.Pipeline;
using Cqrs.Tests.Shared;

namespace Cqrs.Tests.Pipeline;

/// <summary>The name-based ids of what handlers send (RFC 9562 version 5), and the SHA-1 under them.</summary>
[SuppressMessage("Security", "CA5350:Do Not Use Weak Cryptographic Algorithms", Justification = "The platform's SHA-1 checks our own.")]
public sealed class StableMessageIdsTests
{
    /// <summary>RFC 9562's DNS namespace, under which its appendix A.4 names "www.example.com".</summary>
    private static readonly Guid DnsNamespace = new("6ba7b810-9dad-11d1-80b4-00c04fd430c8");

    [Fact]
    public void NameBased_Rfc9562Example_GivesItsPublishedVersion5Uuid() =>
        Assert.Equal(new Guid("2ed6657d-e927-568b-95e1-2665a8aea6a2"), NameBasedUuid.Of(DnsNamespace, "www.example.com"u8));

    /// <summary>Every length around the block and padding boundaries, split between the two parts at every point.</summary>
    [Fact]
    public void Sha1_OfAnyLengthAndSplit_MatchesThePlatformsSha1()
    {
        var input = new byte[200];
        new Random(9562).NextBytes(input);
        Span<byte> digest = stackalloc byte[Sha1.DigestBytes];
        for (var length = 0; length <= input.Length; length++)
        {
            var expected = SHA1.HashData(input.AsSpan(0, length));
            for (var split = 0; split <= length; split++)
            {
                Sha1.Hash(input.AsSpan(0, split), input.AsSpan(split, length - split), digest);
                Assert.True(digest.SequenceEqual(expected), $"length {length}, split at {split}");
            }
        }
    }

    /// <summary>
    /// The layout the README gives (<see cref="NameBasedIds"/>, computed with the platform's SHA-1): a handler's namespace
    /// is the version 5 UUID of its UTF-8 name under ours; a sent message's id, the version 5 UUID under it of the handled
    /// id's bytes then the position's four, big-endian. So a tool of the user's can compute the ids too.
    /// </summary>
    [Theory]
    [InlineData("Shop.PlaceOrderHandler", 0)]
    [InlineData("Shop.PlaceOrderHandler", 1)]
    [InlineData("Gästebuch.Signiert", 70000)]
    public void Of_AnyHandlerAndPosition_IsVersion5OfTheHandledIdAndPositionInTheHandlersNamespace(string handlerName, int position)
    {
        var handled = Guid.CreateVersion7();

        var id = StableMessageIds.Of(StableMessageIds.NamespaceOf(handlerName), handled, position);

        Assert.Equal(NameBasedIds.SentBy(handlerName, handled, position), id);
        Assert.Equal(5, id.Version);
        Assert.Equal(0b10, id.Variant >> 2);
    }

    [Fact]
    public void Of_DifferentHandlerHandledMessageOrPosition_GivesDifferentIds()
    {
        var handled = Guid.CreateVersion7();
        var first = StableMessageIds.NamespaceOf("First");

        Guid[] ids =
        [
            StableMessageIds.Of(first, handled, 0),
            StableMessageIds.Of(first, handled, 1),
            StableMessageIds.Of(StableMessageIds.NamespaceOf("Second"), handled, 0),
            StableMessageIds.Of(first, Guid.CreateVersion7(), 0),
        ];

        Assert.Equal(ids.Length, ids.Distinct().Count());
        Assert.Equal(ids[0], StableMessageIds.Of(StableMessageIds.NamespaceOf("First"), handled, 0));
    }
}
