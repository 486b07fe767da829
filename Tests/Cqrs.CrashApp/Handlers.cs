using Cqrs.EventSourcing;
using Sample.Domain.Accounts;

namespace Cqrs.CrashApp;

/// <summary>A handler of every account event that records what it handled: the test checks each handler saw every stored event.</summary>
public abstract class RecordingHandler(HandledLog log, string name) : IEventHandler<AccountOpened>, IEventHandler<MoneyDeposited>
{
    public ValueTask HandleAsync(AccountOpened @event, IMessageContext context, CancellationToken cancellationToken) => Record(context);

    public ValueTask HandleAsync(MoneyDeposited @event, IMessageContext context, CancellationToken cancellationToken) => Record(context);

    private ValueTask Record(IMessageContext context)
    {
        log.Record(context.MessageId, name);
        return ValueTask.CompletedTask;
    }
}

public sealed class AuditTrail(HandledLog log) : RecordingHandler(log, "audit");

public sealed class Statements(HandledLog log) : RecordingHandler(log, "statements");

/// <summary>Feeds <see cref="CrashBalances"/> from delivered events.</summary>
public sealed class CrashBalancesHandler(CrashBalances projection, ProjectionRunner runner) : IEventHandler<AccountOpened>, IEventHandler<MoneyDeposited>
{
    public ValueTask HandleAsync(AccountOpened @event, IMessageContext context, CancellationToken cancellationToken) =>
        runner.ProjectAsync(projection, @event, context, cancellationToken);

    public ValueTask HandleAsync(MoneyDeposited @event, IMessageContext context, CancellationToken cancellationToken) =>
        runner.ProjectAsync(projection, @event, context, cancellationToken);
}
