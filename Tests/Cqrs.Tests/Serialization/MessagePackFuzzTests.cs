using Cqrs.Serialization;
using static Cqrs.Tests.Serialization.MessagePackTesting;

namespace Cqrs.Tests.Serialization;

public sealed class MessagePackFuzzTests
{
    /// <summary>Codes that start headers, lengths and extensions: seeded often so random data gets past the first byte.</summary>
    private static readonly byte[] InterestingBytes =
    [
        0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xC3, 0xC4, 0xC5, 0xC6, 0xC7, 0xC8, 0xC9,
        0xCA, 0xCB, 0xCC, 0xCD, 0xCE, 0xCF, 0xD0, 0xD1, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA, 0xDB,
        0xDC, 0xDD, 0xDE, 0xDF, 0xE0, 0xFF, 0x24, 0x0C, 0x10, 0x2D, 0x30, 0x39, 0x3B, 0x9A, 0xCA,
    ];

    [Fact]
    public void Random_bytes_only_ever_throw_MessageFormatException_from_every_read()
    {
        var random = new Random(20240611);
        var failures = new List<string>();
        var accepted = 0;
        for (var i = 0; i < 20_000; i++)
        {
            var data = new byte[random.Next(0, 48)];
            for (var j = 0; j < data.Length; j++)
            {
                data[j] = random.Next(3) == 0 ? InterestingBytes[random.Next(InterestingBytes.Length)] : (byte)random.Next(256);
            }

            accepted += ReadEverything(data, failures);
        }

        Assert.True(failures.Count == 0, string.Join(Environment.NewLine, failures.Take(20)));
        Assert.True(accepted > 1000, $"Only {accepted} reads succeeded: the data barely exercises the readers.");
    }

    [Fact]
    public void Mutated_valid_payloads_only_ever_throw_MessageFormatException_from_every_read()
    {
        var seeds = new[]
        {
            Pack((ref MessagePackWriter w) =>
            {
                w.WriteArrayHeader(12);
                w.Write(-1234567);
                w.Write("h\u00E9llo \U0001F600");
                w.Write(Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"));
                w.Write(new DateTime(2024, 6, 11, 10, 0, 0, 1, DateTimeKind.Utc));
                w.Write(new DateTimeOffset(2024, 6, 11, 10, 0, 0, TimeSpan.FromHours(2)));
                w.Write(TimeSpan.FromMinutes(90));
                w.Write(-12.345m);
                w.Write(2.5);
                w.Write(2.5f);
                w.WriteBinary(new byte[] { 1, 2, 3 });
                w.WriteMapHeader(1);
                w.Write("k");
                w.WriteArrayHeader(2);
                w.Write(true);
                w.WriteNil();
                w.Write(ulong.MaxValue);
            }),
            Pack((ref MessagePackWriter w) => w.Write(DateTime.MaxValue)),
            Pack((ref MessagePackWriter w) => w.Write(decimal.MaxValue)),
            Pack((ref MessagePackWriter w) => w.Write(new DateTimeOffset(DateTime.MinValue.AddHours(1), TimeSpan.FromHours(1)))),
        };
        var random = new Random(42);
        var failures = new List<string>();
        for (var i = 0; i < 5_000; i++)
        {
            var data = (byte[])seeds[random.Next(seeds.Length)].Clone();
            var mutations = random.Next(1, 4);
            for (var m = 0; m < mutations; m++)
            {
                data[random.Next(data.Length)] = random.Next(2) == 0 ? InterestingBytes[random.Next(InterestingBytes.Length)] : (byte)random.Next(256);
            }

            ReadEverything(data[..random.Next(data.Length + 1)], failures);
            ReadEverything(data, failures);
        }

        Assert.True(failures.Count == 0, string.Join(Environment.NewLine, failures.Take(20)));
    }

    /// <summary>Runs every read over the data, and skips value after value to its end; returns how many reads succeeded.</summary>
    private static int ReadEverything(byte[] data, List<string> failures)
    {
        var accepted = 0;
        foreach (var (name, read) in AllReads)
        {
            try
            {
                var reader = new MessagePackReader(data);
                read(ref reader);
                accepted++;
            }
            catch (MessageFormatException)
            {
            }
#pragma warning disable CA1031 // Any other exception is the failure this test looks for.
            catch (Exception e)
#pragma warning restore CA1031
            {
                failures.Add($"{name} over {Hex(data)} threw {e.GetType().Name}: {e.Message}");
            }
        }

        // Skip value after value to the end, so headers are also met in the middle of the data.
        try
        {
            var reader = new MessagePackReader(data, maxDepth: 4);
            while (!reader.End)
            {
                reader.Skip();
            }
        }
        catch (MessageFormatException)
        {
        }
#pragma warning disable CA1031
        catch (Exception e)
#pragma warning restore CA1031
        {
            failures.Add($"Skip to the end over {Hex(data)} threw {e.GetType().Name}: {e.Message}");
        }

        return accepted;
    }
}
