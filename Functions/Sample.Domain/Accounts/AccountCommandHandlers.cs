using Cqrs;
using Cqrs.EventSourcing;

namespace Sample.Domain.Accounts;

public sealed class OpenAccountHandler(IAggregateRepository<Account> accounts) : ICommandHandler<OpenAccount>
{
    public async ValueTask HandleAsync(OpenAccount command, IMessageContext context, CancellationToken cancellationToken) =>
        await accounts.ExecuteAsync(command.AccountId, context, account => account.Decide(command), cancellationToken);
}

public sealed class DepositHandler(IAggregateRepository<Account> accounts) : ICommandHandler<Deposit>
{
    public async ValueTask HandleAsync(Deposit command, IMessageContext context, CancellationToken cancellationToken) =>
        await accounts.ExecuteAsync(command.AccountId, context, account => account.Decide(command), cancellationToken);
}

public sealed class WithdrawHandler(IAggregateRepository<Account> accounts) : ICommandHandler<Withdraw>
{
    public async ValueTask HandleAsync(Withdraw command, IMessageContext context, CancellationToken cancellationToken) =>
        await accounts.ExecuteAsync(command.AccountId, context, account => account.Decide(command), cancellationToken);
}
