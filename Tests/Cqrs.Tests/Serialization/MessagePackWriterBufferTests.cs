using System.Buffers;
using Cqrs.Serialization;
using static Cqrs.Tests.Serialization.MessagePackTesting;

namespace Cqrs.Tests.Serialization;

public sealed class MessagePackWriterBufferTests
{
    /// <summary>Writes one of everything, with values of many sizes.</summary>
    private static void WriteMixture(ref MessagePackWriter w)
    {
        for (var i = 0; i < 40; i++)
        {
            w.WriteArrayHeader(i);
            w.WriteMapHeader(i * 1000);
            w.Write(i);
            w.Write(-i * 100_000L);
            w.Write((ulong)i << 40);
            w.Write(new string('x', i * 7));
            w.Write(new string('\u20AC', i));
            w.WriteBinary(new byte[i * 9]);
            w.Write(Guid.Empty);
            w.Write(DateTime.UnixEpoch.AddTicks(i * 12345678901L));
            w.Write(new DateTimeOffset(2020, 1, 1, 0, 0, 0, TimeSpan.FromMinutes(i * 15 % 600)));
            w.Write(TimeSpan.FromTicks(i));
            w.Write(i / 7m);
            w.Write(i / 3.0);
            w.Write(i / 3.0f);
            w.Write((char)i);
            w.Write(i % 2 == 0);
            w.WriteNil();
        }
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(5)]
    public void Bytes_are_the_same_whatever_spans_the_buffer_writer_hands_out(int slack)
    {
        var expected = Pack(WriteMixture);
        var output = new StingyBufferWriter(slack);

        var writer = new MessagePackWriter(output);
        WriteMixture(ref writer);
        writer.Flush();

        Assert.Equal(Hex(expected), Hex(output.Written.ToArray()));
        Assert.True(output.GetSpanCalls > 100, "The writer was not made to take new spans.");
    }

    [Fact]
    public void Flushing_twice_commits_the_bytes_once()
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new MessagePackWriter(output);

        writer.Write(300);
        writer.Flush();
        writer.Flush();

        Assert.Equal("CD012C", Hex(output.WrittenSpan.ToArray()));
    }

    [Fact]
    public void Writing_goes_on_after_a_flush()
    {
        var output = new StingyBufferWriter(100);
        var writer = new MessagePackWriter(output);

        writer.Write("a");
        writer.Flush();
        writer.Write(1);
        writer.Flush();
        writer.Write(true);
        writer.Flush();

        Assert.Equal("A16101C3", Hex(output.Written.ToArray()));
    }

    [Fact]
    public void A_null_buffer_writer_is_refused()
    {
        Assert.Throws<ArgumentNullException>(() => new MessagePackWriter(null!));
    }

    [Fact]
    public void The_writer_allocates_nothing_of_its_own()
    {
        var output = new ArrayBufferWriter<byte>(1 << 20);
        var guid = Guid.NewGuid();
        var now = DateTime.UtcNow;
        var offsetNow = DateTimeOffset.Now;
        WriteValues(output, guid, now, offsetNow);
        output.ResetWrittenCount();

        var before = GC.GetAllocatedBytesForCurrentThread();
        WriteValues(output, guid, now, offsetNow);
        var allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.Equal(0, allocated);
    }

    private static void WriteValues(ArrayBufferWriter<byte> output, Guid guid, DateTime now, DateTimeOffset offsetNow)
    {
        var writer = new MessagePackWriter(output);
        for (var i = 0; i < 100; i++)
        {
            writer.WriteArrayHeader(10);
            writer.Write(i * 1_000_003L);
            writer.Write("a string that needs str 8 \u20AC");
            writer.Write("short");
            writer.Write(guid);
            writer.Write(now);
            writer.Write(offsetNow);
            writer.Write(12345.678m);
            writer.Write(TimeSpan.FromSeconds(i));
            writer.Write(i * 0.5);
            writer.WriteBinary([1, 2, 3]);
        }

        writer.Flush();
    }

    [Fact]
    public void The_reader_allocates_only_the_strings_and_arrays_it_returns()
    {
        var data = Pack((ref MessagePackWriter w) =>
        {
            w.WriteArrayHeader(9);
            w.Write(-1_000_003L);
            w.Write(Guid.NewGuid());
            w.Write(DateTime.UtcNow);
            w.Write(DateTimeOffset.Now);
            w.Write(12345.678m);
            w.Write(TimeSpan.FromSeconds(5));
            w.Write(0.5);
            w.Write('x');
            w.WriteMapHeader(1);
            w.Write("skipped");
            w.WriteArrayHeader(2);
            w.Write(1);
            w.Write(2);
        });
        ReadValues(data);

        var before = GC.GetAllocatedBytesForCurrentThread();
        for (var i = 0; i < 100; i++)
        {
            ReadValues(data);
        }

        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }

    private static void ReadValues(byte[] data)
    {
        var reader = new MessagePackReader(data);
        reader.ReadArrayHeader();
        reader.ReadInt64();
        reader.ReadGuid();
        reader.ReadDateTime();
        reader.ReadDateTimeOffset();
        reader.ReadDecimal();
        reader.ReadTimeSpan();
        reader.ReadDouble();
        reader.ReadChar();
        reader.Skip();
        if (!reader.End)
        {
            throw new InvalidOperationException("Not all was read.");
        }
    }

    /// <summary>
    /// Hands out fresh spans of just the size asked for (plus <c>slack</c>), and checks the writer keeps the
    /// contract: Advance only within the last span, and no span used after Advance.
    /// </summary>
    private sealed class StingyBufferWriter(int slack) : IBufferWriter<byte>
    {
        private readonly List<byte> _written = [];
        private byte[]? _current;

        public IReadOnlyList<byte> Written => _written;

        public int GetSpanCalls { get; private set; }

        public void Advance(int count)
        {
            Assert.NotNull(_current);
            Assert.InRange(count, 0, _current.Length);
            _written.AddRange(_current.AsSpan(0, count).ToArray());
            _current = null;
        }

        public Memory<byte> GetMemory(int sizeHint = 0) => GetArray(sizeHint);

        public Span<byte> GetSpan(int sizeHint = 0) => GetArray(sizeHint);

        private byte[] GetArray(int sizeHint)
        {
            GetSpanCalls++;

            // Poison whatever span was handed out before: a writer still using it would write garbage.
            if (_current is not null)
            {
                Array.Fill(_current, (byte)0xC1);
            }

            _current = new byte[Math.Max(sizeHint, 1) + slack];
            Array.Fill(_current, (byte)0xC1);
            return _current;
        }
    }
}
