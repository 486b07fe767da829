using Cqrs.Serialization;
using Cqrs.Tests.Support;

namespace Cqrs.Tests.Serialization.Untrusted;

/// <summary>
/// Random, truncated and mutated payloads of <see cref="HostileEverything"/> (every member shape) through the read
/// boundary the transports use: each is read or refused with <see cref="MessageFormatException"/>, never another
/// exception, and a refused one allocates at most a fixed multiple of its size. Seeds are fixed, so a failure repeats.
/// </summary>
public sealed class GeneratedCodecFuzzTests
{
    /// <summary>
    /// The most a refused payload may allocate per byte. Legitimate reads reach a few tens of bytes per byte (a list of
    /// empty lists costs a list object and a reference per one-byte element); sizing by a claimed count would reach far more.
    /// </summary>
    private const int MaxBytesPerByte = 64;

    /// <summary>What an exception and its message cost, whatever the payload.</summary>
    private const int FixedAllowance = 64 * 1024;

    private static readonly byte[] Interesting =
    [
        0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xC3, 0xC4, 0xC5, 0xC6, 0xC7, 0xCA, 0xCB, 0xCC,
        0xCF, 0xD0, 0xD3, 0xD4, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA, 0xDB, 0xDC, 0xDD, 0xDE, 0xDF, 0xE0, 0xFF,
    ];

    private static readonly byte[] Sample = RegistryCodec<HostileEverything>.Serialize(HostileSamples.Sample());

    [Fact]
    public void EveryTruncation_IsRefusedWithMessageFormatException()
    {
        for (var length = 0; length < Sample.Length; length++)
        {
            Assert.False(ReadOrRefuse(Sample[..length], $"the first {length} bytes"), $"The first {length} bytes were read.");
        }
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public void RandomPayloads_AreRefusedWithMessageFormatException_InBoundedMemory(int seed)
    {
        var random = new Random(seed);
        for (var i = 0; i < 2_000; i++)
        {
            var payload = new byte[random.Next(0, 600)];
            random.NextBytes(payload);

            // Half of them start as the type's array does, so that the members are read and not only the header.
            if (payload.Length >= 3 && random.Next(2) == 0)
            {
                payload[0] = 0xDC;
                payload[1] = 0x00;
                payload[2] = (byte)random.Next(0, 40);
            }

            Assert.False(ReadOrRefuse(payload, $"seed {seed}, random payload {i}"), $"Seed {seed}, random payload {i} was read: {Convert.ToHexString(payload)}");
        }
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    [InlineData(4)]
    public void MutatedPayloads_AreReadOrRefusedWithMessageFormatException_InBoundedMemory(int seed)
    {
        var random = new Random(seed);
        for (var i = 0; i < 3_000; i++)
        {
            var payload = Sample.ToList();
            for (var mutations = random.Next(1, 5); mutations > 0; mutations--)
            {
                Mutate(payload, random);
            }

            ReadOrRefuse([.. payload], $"seed {seed}, mutation {i}");
        }
    }

    /// <summary>One random change: a byte replaced, a format code planted, a large count claimed, bytes cut or repeated.</summary>
    private static void Mutate(List<byte> payload, Random random)
    {
        var at = random.Next(payload.Count + 1);
        switch (random.Next(6))
        {
            case 0 when at < payload.Count:
                payload[at] = (byte)random.Next(256);
                break;
            case 1 when at < payload.Count:
                payload[at] = Interesting[random.Next(Interesting.Length)];
                break;
            case 2:
                // An array 32 or map 32 header claiming up to every byte of a padded body.
                payload.InsertRange(at, [random.Next(2) == 0 ? (byte)0xDD : (byte)0xDF, 0x00, 0x00, (byte)random.Next(256), (byte)random.Next(256)]);
                payload.AddRange(new byte[random.Next(0, 4096)]);
                break;
            case 3 when at < payload.Count:
                payload.RemoveRange(at, random.Next(1, Math.Min(16, payload.Count - at) + 1));
                break;
            case 4 when at < payload.Count:
                payload.InsertRange(at, payload.GetRange(at, random.Next(1, Math.Min(32, payload.Count - at) + 1)));
                break;
            default:
                payload.Insert(at, Interesting[random.Next(Interesting.Length)]);
                break;
        }
    }

    /// <summary>Reads the payload; returns false when it is refused, within the memory bound, and fails on any other exception.</summary>
    private static bool ReadOrRefuse(byte[] payload, string what)
    {
        var before = GC.GetAllocatedBytesForCurrentThread();
        try
        {
            RegistryCodec<HostileEverything>.Deserialize(payload);
            return true;
        }
        catch (MessageFormatException)
        {
            var allocated = GC.GetAllocatedBytesForCurrentThread() - before;
            Assert.True(
                allocated <= FixedAllowance + ((long)MaxBytesPerByte * payload.Length),
                $"{what}: refusing {payload.Length} bytes allocated {allocated} bytes. Payload: {Convert.ToHexString(payload)}");
            return false;
        }
        catch (Exception exception)
        {
            Assert.Fail($"{what}: {exception.GetType()}: {exception.Message}. Payload: {Convert.ToHexString(payload)}");
            return false;
        }
    }
}
