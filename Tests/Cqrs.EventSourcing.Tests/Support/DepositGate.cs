using Sample.Domain.Accounts;

namespace Cqrs.EventSourcing.Tests.Support;

/// <summary>Holds <see cref="GatedDeposits"/> once a test shuts it; open by default. One per container.</summary>
public sealed class DepositGate
{
    private readonly TaskCompletionSource _entered = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private TaskCompletionSource _opened = new(TaskCreationOptions.RunContinuationsAsynchronously);

    public DepositGate() => _opened.SetResult();

    /// <summary>Completes when a handler first reaches the gate.</summary>
    public Task Entered => _entered.Task;

    public void Shut() => _opened = new(TaskCreationOptions.RunContinuationsAsynchronously);

    internal Task PassAsync(CancellationToken cancellationToken)
    {
        _entered.TrySetResult();
        return _opened.Task.WaitAsync(cancellationToken);
    }
}

/// <summary>Waits at the <see cref="DepositGate"/> until it opens or the handler's token fires.</summary>
public sealed class GatedDeposits(DepositGate gate) : IEventHandler<MoneyDeposited>
{
    public async ValueTask HandleAsync(MoneyDeposited @event, IMessageContext context, CancellationToken cancellationToken) =>
        await gate.PassAsync(cancellationToken);
}
