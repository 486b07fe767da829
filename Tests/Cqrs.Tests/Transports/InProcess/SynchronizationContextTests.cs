using Cqrs.Testing.Domain.Counting;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Support;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Transports.InProcess;

/// <summary>
/// Sends and disposal from a thread with a single-threaded synchronization context (a UI, a classic ASP.NET request)
/// finish: nothing in the framework waits for a continuation queued to the thread it blocks.
/// </summary>
public sealed class SynchronizationContextTests
{
    [Theory]
    [InlineData(false, false)]
    [InlineData(false, true)]
    [InlineData(true, false)]
    [InlineData(true, true)]
    public async Task SendThenDispose_UnderASingleThreadedContext_Finish(bool directDispatch, bool disposeSynchronously)
    {
        IReadOnlyList<int>[] hits = [];

        await SingleThreadSynchronizationContext.RunAsync(async () =>
        {
            var provider = TestHost.Create(options => options.DirectDispatch = directDispatch);
            var tally = provider.GetRequiredService<Tally>();
            tally.Expect(numbers: 2);

            await provider.GetRequiredService<ICommandBus>().SendAsync(new Ping(0));
            await provider.GetRequiredService<IEventBus>().PublishAsync(new Pinged(1));
            Assert.IsType<SingleThreadSynchronizationContext>(SynchronizationContext.Current);
            if (disposeSynchronously)
            {
                provider.Dispose();
            }
            else
            {
                await provider.DisposeAsync();
            }

            hits = [.. Enum.GetValues<TallyColumn>().Select(tally.Hits)];
        }).WaitAsync(Patience.Timeout);

        Assert.Equal([[1, 0], [1, 1], [1, 1]], hits);
    }
}
