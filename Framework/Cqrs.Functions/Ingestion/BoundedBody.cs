using System.Buffers;

namespace Cqrs.Functions.Ingestion;

/// <summary>A request body read into a pooled buffer, never past a limit. Dispose returns the buffer.</summary>
internal sealed class BoundedBody : IDisposable
{
    private byte[] _buffer;

    private BoundedBody(byte[] buffer, int length)
    {
        _buffer = buffer;
        Length = length;
    }

    public int Length { get; }

    public ReadOnlyMemory<byte> Memory => _buffer.AsMemory(0, Length);

    /// <summary>Reads the whole body, or returns null as soon as it proves longer than <paramref name="maxBytes"/>.</summary>
    public static async Task<BoundedBody?> ReadAsync(Stream body, long? declaredLength, int maxBytes, CancellationToken cancellationToken)
    {
        // A declared length sizes the buffer once; otherwise it grows from a small start, never past the limit + 1.
        var buffer = ArrayPool<byte>.Shared.Rent((int)Math.Min(declaredLength ?? 4096, maxBytes) + 1);
        var length = 0;
        try
        {
            while (true)
            {
                if (length == buffer.Length)
                {
                    var larger = ArrayPool<byte>.Shared.Rent((int)Math.Min((long)buffer.Length * 2, maxBytes + 1L));
                    buffer.AsSpan(0, length).CopyTo(larger);
                    ArrayPool<byte>.Shared.Return(buffer);
                    buffer = larger;
                }

                var read = await body.ReadAsync(buffer.AsMemory(length), cancellationToken).ConfigureAwait(false);
                if (read == 0)
                {
                    var result = new BoundedBody(buffer, length);
                    buffer = [];
                    return result;
                }

                length += read;
                if (length > maxBytes)
                {
                    return null;
                }
            }
        }
        finally
        {
            if (buffer.Length > 0)
            {
                ArrayPool<byte>.Shared.Return(buffer);
            }
        }
    }

    public void Dispose()
    {
        if (_buffer.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(_buffer);
            _buffer = [];
        }
    }
}
