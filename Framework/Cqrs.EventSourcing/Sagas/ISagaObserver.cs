namespace Cqrs.EventSourcing;

/// <summary>
/// Told of each saga turn once its state is saved: how a test or a diagnostic sees what a saga decided. Register it
/// in the container (any number may be); it is called on the handler's call, so it should be quick and thread-safe.
/// </summary>
public interface ISagaObserver
{
    /// <summary>A turn of a saga was saved.</summary>
    /// <param name="sagaType">The saga state type's wire name.</param>
    /// <param name="decision">The turn: its saga id and message, and what it sent, published and requested.</param>
    void Decided(string sagaType, SagaContext decision);
}
