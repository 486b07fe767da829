using Cqrs.Benchmarks.Processes;
using Cqrs.Benchtest;
using Cqrs.Benchtest.Handlers;
using Cqrs.Benchtest.ScaleOut;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace Cqrs.Benchmarks.ScaleOut;

/// <summary>
/// One competing consumer: the benchtest's handlers receiving from the command queue and the event subscription, as an
/// app's instance would, recording each handler run in a <see cref="HandledLedger"/> and, with <c>--handled-log</c>, in
/// a durable <see cref="HandlerRunLog"/> too, under its <c>--incarnation</c>. With <c>--inbox PATH</c> as well, the
/// handlers do their work through the inbox in the SQLite file at PATH, which the other consumers open too, and log
/// each effect and each inbox record. With <c>--sessions on</c>, it receives by session, for ordering keys. It answers <c>progress</c> and <c>report</c>.
/// </summary>
internal static class ConsumerRole
{
    public static async Task RunAsync(RoleArguments arguments)
    {
        var settings = arguments.Settings();
        using var telemetry = settings.Telemetry ? settings.CreateTelemetryPipeline() : null;
        var ledger = new HandledLedger(arguments.Int("--sequences"));
        using var log = arguments.Optional("--handled-log") is { } path ? new HandlerRunLog(path, arguments.Int("--incarnation")) : null;
        IHandlerCompletion completion = log is null ? ledger : new CompletionPair(ledger, log);
        (string, IEffectLog)? inbox = arguments.Optional("--inbox") is { } inboxPath
            ? (inboxPath, log ?? throw new ArgumentException("--inbox goes with --handled-log.", nameof(arguments)))
            : null;
        await using var services = BenchtestServices.Build(
            completion, settings, arguments.Text("--connection-string"), inbox: inbox, sessions: arguments.Optional("--sessions") == "on");
        foreach (var hosted in services.GetServices<IHostedService>())
        {
            await hosted.StartAsync(CancellationToken.None);
        }

        var pinned = CoreAffinity.IsPinnedFromStartTo(arguments.Int("--cores"));
        RoleConsole.Reply(new RoleReady(pinned, Environment.ProcessorCount), RoleJsonContext.Default.RoleReady);
        await RoleConsole.ServeAsync(command =>
        {
            switch (command)
            {
                case ["progress"]:
                    RoleConsole.Reply(new ConsumerProgress(ledger.Completed, ledger.LastCompletedTimestamp), RoleJsonContext.Default.ConsumerProgress);
                    break;
                case ["report"]:
                    RoleConsole.Reply(new ConsumerReport(ledger.Runs()), RoleJsonContext.Default.ConsumerReport);
                    break;
                default:
                    throw new ArgumentException($"A consumer does not know '{string.Join(' ', command)}'.", nameof(command));
            }

            return Task.CompletedTask;
        });
    }
}
