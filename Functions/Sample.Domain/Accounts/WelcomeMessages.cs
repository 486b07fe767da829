using System.Collections.Concurrent;
using Cqrs;
using Cqrs.EventSourcing;

namespace Sample.Domain.Accounts;

/// <summary>Stands in for a mail service: records each welcome message sent.</summary>
public sealed class WelcomeMessages
{
    private readonly ConcurrentQueue<string> _sent = new();

    public IReadOnlyCollection<string> Sent => _sent;

    internal ValueTask SendAsync(string owner)
    {
        _sent.Enqueue(owner);
        return ValueTask.CompletedTask;
    }
}

/// <summary>Welcomes each new owner once, even when the event is delivered twice: the inbox remembers it.</summary>
public sealed class SendWelcomeMessage(Inbox inbox, WelcomeMessages messages) : IEventHandler<AccountOpened>
{
    public async ValueTask HandleAsync(AccountOpened @event, IMessageContext context, CancellationToken cancellationToken) =>
        await inbox.HandleOnceAsync(this, context, _ => messages.SendAsync(@event.Owner), cancellationToken);
}
