namespace Cqrs;

/// <summary>Sends commands from outside any handler (inside one, use <see cref="IMessageContext"/>). Thread-safe.</summary>
public interface ICommandBus
{
    /// <summary>Validates, serializes and sends a command; completes once the transport has accepted it.</summary>
    /// <exception cref="FluentValidation.ValidationException">The command is invalid (every error listed); nothing was sent.</exception>
    /// <exception cref="InvalidOperationException">The type is not registered, or no handler exists for it in-process.</exception>
    ValueTask<SentMessage> SendAsync<TCommand>(TCommand command, CancellationToken cancellationToken = default)
        where TCommand : ICommand;

    /// <summary>Sends a command as part of an existing flow.</summary>
    /// <inheritdoc cref="SendAsync{TCommand}(TCommand, CancellationToken)"/>
    ValueTask<SentMessage> SendAsync<TCommand>(TCommand command, Guid correlationId, CancellationToken cancellationToken = default)
        where TCommand : ICommand;
}
