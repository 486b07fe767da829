using System.Buffers;
using System.Collections.Concurrent;
using System.Net;
using System.Net.Sockets;
using System.Threading.Channels;

namespace Cqrs.ServiceBus.LocalBroker.Network;

/// <summary>
/// A TCP relay in front of the broker's AMQP port that holds what it reads, each way, for a fixed delay before passing
/// it on, in order and with no cap on bandwidth: the round trips of a network between an app and its Service Bus
/// namespace, which loopback does not have. Settings that exist to hide round trips (batched sends, prefetch,
/// concurrent calls) can only be judged locally with them.
/// </summary>
/// <remarks>
/// Bytes are held at least the delay, rounded up to the timer's millisecond. A connection that one side closes is
/// closed on the other once the bytes before the close have been passed on; one that fails is dropped on both sides,
/// as a broken network would.
/// </remarks>
internal sealed class DelayingRelay : IDisposable
{
    private const int ReadBufferBytes = 64 * 1024;

    private readonly Socket listener;
    private readonly IPEndPoint target;
    private readonly TimeSpan delay;
    private readonly CancellationTokenSource stopping = new();
    private readonly ConcurrentDictionary<Socket, byte> connections = new();

    private DelayingRelay(Socket listener, IPEndPoint target, TimeSpan delay)
    {
        this.listener = listener;
        this.target = target;
        this.delay = delay;
        EndPoint = (IPEndPoint)listener.LocalEndPoint!;
    }

    /// <summary>How long each chunk is held.</summary>
    public TimeSpan Delay => delay;

    /// <summary>Where clients connect.</summary>
    public IPEndPoint EndPoint { get; }

    /// <summary>Listens on <paramref name="bind"/> (port 0 for a free one) and relays each connection to <paramref name="target"/>.</summary>
    /// <exception cref="SocketException">The address cannot be bound.</exception>
    public static DelayingRelay Start(IPEndPoint bind, IPEndPoint target, TimeSpan delay)
    {
        var listener = new Socket(bind.AddressFamily, SocketType.Stream, ProtocolType.Tcp);
        try
        {
            listener.Bind(bind);
            listener.Listen();
        }
        catch
        {
            listener.Dispose();
            throw;
        }

        var relay = new DelayingRelay(listener, target, delay);
        _ = relay.AcceptAsync();
        return relay;
    }

    /// <summary>Stops listening and drops every relayed connection.</summary>
    public void Dispose()
    {
        stopping.Cancel();
        listener.Dispose();
        foreach (var socket in connections.Keys)
        {
            socket.Dispose();
        }

        stopping.Dispose();
    }

    private async Task AcceptAsync()
    {
        while (!stopping.IsCancellationRequested)
        {
            Socket client;
            try
            {
                client = await listener.AcceptAsync(stopping.Token).ConfigureAwait(false);
            }
            catch (Exception exception) when (exception is OperationCanceledException or ObjectDisposedException or SocketException)
            {
                return; // disposed: the listener is closed
            }

            _ = RelayAsync(client);
        }
    }

    private async Task RelayAsync(Socket client)
    {
        var server = new Socket(target.AddressFamily, SocketType.Stream, ProtocolType.Tcp);
        client.NoDelay = server.NoDelay = true; // the delay is the relay's own; Nagle's would vary
        connections[client] = 0;
        connections[server] = 0;
        try
        {
            await server.ConnectAsync(target, stopping.Token).ConfigureAwait(false);
            await Task.WhenAll(PumpAsync(client, server), PumpAsync(server, client)).ConfigureAwait(false);
        }
        catch (Exception exception) when (IsConnectionEnd(exception))
        {
            // The relay stopped, or the broker refused: the client's connection is dropped below.
        }
        finally
        {
            connections.TryRemove(client, out _);
            connections.TryRemove(server, out _);
            client.Dispose();
            server.Dispose();
        }
    }

    /// <summary>Passes what <paramref name="from"/> sends on to <paramref name="to"/>, each chunk once it is due.</summary>
    private Task PumpAsync(Socket from, Socket to)
    {
        var chunks = Channel.CreateUnbounded<Chunk>(new UnboundedChannelOptions { SingleReader = true, SingleWriter = true });
        return Task.WhenAll(ReadAsync(from, to, chunks.Writer), ForwardAsync(from, to, chunks.Reader));
    }

    /// <summary>
    /// Reads into one buffer of its own and queues a copy of each read, sized to what was read: most reads are small
    /// frames, and a full-size buffer held for the delay each would soon outnumber what the pool keeps.
    /// </summary>
    private async Task ReadAsync(Socket from, Socket to, ChannelWriter<Chunk> chunks)
    {
        var buffer = ArrayPool<byte>.Shared.Rent(ReadBufferBytes);
        try
        {
            int count;
            do
            {
                count = await from.ReceiveAsync(buffer, SocketFlags.None, stopping.Token).ConfigureAwait(false);
                var chunk = ArrayPool<byte>.Shared.Rent(count);
                buffer.AsSpan(0, count).CopyTo(chunk);
                chunks.TryWrite(new Chunk(TimeProvider.System.GetTimestamp(), chunk, count)); // a count of 0 is the close
            }
            while (count > 0);
        }
        catch (Exception exception) when (IsConnectionEnd(exception))
        {
            Drop(from, to);
        }
        finally
        {
            chunks.TryComplete();
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    private async Task ForwardAsync(Socket from, Socket to, ChannelReader<Chunk> chunks)
    {
        try
        {
            await foreach (var chunk in chunks.ReadAllAsync(stopping.Token).ConfigureAwait(false))
            {
                // The timer counts whole milliseconds of a coarser clock and may fire a little early: wait again until due.
                while (delay - TimeProvider.System.GetElapsedTime(chunk.ReadAt) is var left && left > TimeSpan.Zero)
                {
                    await Task.Delay(TimeSpan.FromMilliseconds(Math.Ceiling(left.TotalMilliseconds)), stopping.Token).ConfigureAwait(false);
                }

                for (var sent = 0; sent < chunk.Count;)
                {
                    sent += await to.SendAsync(chunk.Buffer.AsMemory(sent, chunk.Count - sent), SocketFlags.None, stopping.Token).ConfigureAwait(false);
                }

                ArrayPool<byte>.Shared.Return(chunk.Buffer);
                if (chunk.Count == 0)
                {
                    to.Shutdown(SocketShutdown.Send);
                }
            }
        }
        catch (Exception exception) when (IsConnectionEnd(exception))
        {
            Drop(from, to);
        }
    }

    /// <summary>Ends both sides of a connection one of whose sides failed, as a broken network would, so every loop on it ends.</summary>
    private static void Drop(Socket from, Socket to)
    {
        from.Dispose();
        to.Dispose();
    }

    private static bool IsConnectionEnd(Exception exception) =>
        exception is OperationCanceledException or ObjectDisposedException or SocketException;

    private readonly record struct Chunk(long ReadAt, byte[] Buffer, int Count);
}
