using Cqrs.Benchtest;

namespace Cqrs.Benchmarks.ScaleOut;

/// <summary>
/// The local broker in a process of its own, serving the transport's default entities (with <c>--lock-duration</c>
/// seconds: locks that short, so that a killed consumer's messages come back soon; with <c>--sessions on</c>, as session entities). It answers <c>start</c> once every
/// delivery so far is settled, and <c>stop</c> with the broker operations served since, once settled again.
/// </summary>
internal static class BrokerRole
{
    public static async Task RunAsync(RoleArguments arguments)
    {
        var delay = TimeSpan.FromMilliseconds(arguments.Double("--network-delay"));
        TimeSpan? lockDuration = arguments.Optional("--lock-duration") is null ? null : TimeSpan.FromSeconds(arguments.Double("--lock-duration"));
        await using var broker = await BenchtestBroker.StartAsync(delay, CancellationToken.None, lockDuration, sessions: arguments.Optional("--sessions") == "on");
        var meter = new BrokerMeter(broker);
        RoleConsole.Reply(new BrokerReady(broker.ConnectionString), RoleJsonContext.Default.BrokerReady);
        await RoleConsole.ServeAsync(async command =>
        {
            switch (command)
            {
                case ["start"]:
                    await meter.StartAsync(CancellationToken.None);
                    RoleConsole.Reply(new Done(0), RoleJsonContext.Default.Done);
                    break;
                case ["stop"]:
                    RoleConsole.Reply(await meter.StopAsync(CancellationToken.None), RoleJsonContext.Default.BrokerOperations);
                    break;
                default:
                    throw new ArgumentException($"The broker does not know '{string.Join(' ', command)}'.", nameof(command));
            }
        });
    }
}
