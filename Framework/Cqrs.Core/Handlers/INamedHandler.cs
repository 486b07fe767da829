namespace Cqrs;

/// <summary>
/// A handler that goes by a name of its own rather than its type's full name: in spans and metrics
/// (<see cref="CqrsDiagnostics.HandlerTag"/>), dead letters, and retries and subscriptions aimed at it alone. The source
/// generator's saga handlers are named so, for their generic type names are long and carry assembly versions. The name
/// must be the one the handler's registration gives (<see cref="MessageRegistryBuilder.EventHandler{TEvent, THandler}(string)"/>),
/// the same for every instance: the generator registers a handler of your own under its type's full name, so one that
/// implements this interface needs a registration written by hand. Thread-safe.
/// </summary>
public interface INamedHandler
{
    /// <summary>The handler's name: unique among the handlers of a message, and the same in every version of the app.</summary>
    string HandlerName { get; }
}
