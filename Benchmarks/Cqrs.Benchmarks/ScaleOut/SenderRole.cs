using System.Globalization;
using Cqrs.Benchtest;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Benchmarks.ScaleOut;

/// <summary>
/// The process that sends a scale-out run's commands and receives nothing: <c>send FIRST PER-TASK</c> has its tasks
/// send the sequences from FIRST on, each task PER-TASK of them as fast as the broker accepts, and answers once the
/// broker has taken them all. With <c>--lanes N</c>, each task's commands take N ordering keys in turn.
/// </summary>
internal static class SenderRole
{
    public static async Task RunAsync(RoleArguments arguments)
    {
        var settings = arguments.Settings();
        var tasks = arguments.Int("--tasks");
        using var telemetry = settings.Telemetry ? settings.CreateTelemetryPipeline() : null;
        var tracker = new OperationTracker();
        tracker.Prepare(arguments.Int("--sequences"));
        await using var services = BenchtestServices.Build(
            tracker, settings, arguments.Text("--connection-string"), receives: false, sessions: arguments.Optional("--sessions") == "on");
        var load = new CommandLoad(services.GetRequiredService<ICommandBus>(), tracker, arguments.Optional("--lanes") is null ? 0 : arguments.Int("--lanes"));
        RoleConsole.Reply(new RoleReady(Pinned: false, Environment.ProcessorCount), RoleJsonContext.Default.RoleReady);
        await RoleConsole.ServeAsync(async command =>
        {
            if (command is not ["send", var first, var perTask])
            {
                throw new ArgumentException($"The sender does not know '{string.Join(' ', command)}'.", nameof(command));
            }

            var count = int.Parse(perTask, CultureInfo.InvariantCulture);
            await load.SendAsFastAsAcceptedAsync(tasks, count, CancellationToken.None, int.Parse(first, CultureInfo.InvariantCulture));
            RoleConsole.Reply(new Done(tasks * count), RoleJsonContext.Default.Done);
        });
    }
}
