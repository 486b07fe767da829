using System.Net.Sockets;

namespace Cqrs.Functions.LocalHost.Worker;

/// <summary>
/// Waits until the worker's own HTTP endpoint accepts connections. The worker names it when it starts, and may load
/// its functions before its web server listens there: a call proxied meanwhile would fail.
/// </summary>
internal static class WorkerHttpReadiness
{
    public static async Task WaitAsync(Uri httpUri, CancellationToken cancellationToken)
    {
        while (true)
        {
            using var probe = new TcpClient();
            try
            {
                await probe.ConnectAsync(httpUri.Host, httpUri.Port, cancellationToken).ConfigureAwait(false);
                return;
            }
            catch (SocketException)
            {
                // Refused: not listening yet. Nothing signals when it starts to, so ask again shortly.
                await Task.Delay(TimeSpan.FromMilliseconds(20), cancellationToken).ConfigureAwait(false);
            }
        }
    }
}
