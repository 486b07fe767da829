using Cqrs.Testing.Domain.Counting;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Support;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Transports.InProcess;

public sealed class SynchronousDisposalTests
{
    [Fact]
    public async Task Dispose_Synchronously_FinishesOperationsAndThrowsNothing()
    {
        var provider = TestHost.Create();
        var tally = provider.GetRequiredService<Tally>();
        tally.Expect(numbers: 1);
        await provider.GetRequiredService<ICommandBus>().SendAsync(new Ping(0));

        provider.Dispose();

        Assert.True(tally.Done.IsCompleted, "Disposal returned before the operation under way finished.");
        Assert.Equal([1], tally.Hits(TallyColumn.Command));
    }
}
