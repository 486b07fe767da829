namespace Cqrs;

/// <summary>Handles one command type. Exactly one handler exists per command (checked at compile time).</summary>
/// <typeparam name="TCommand">The command handled.</typeparam>
public interface ICommandHandler<in TCommand>
    where TCommand : ICommand
{
    /// <summary>Handles the command; raise events through <paramref name="context"/>.</summary>
    /// <remarks>An exception triggers the retry policy, then dead-lettering.</remarks>
    ValueTask HandleAsync(TCommand command, IMessageContext context, CancellationToken cancellationToken);
}
