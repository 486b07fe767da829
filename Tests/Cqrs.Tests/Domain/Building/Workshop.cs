using Cqrs.Testing.Domain.Probes;

namespace Cqrs.Tests.Domain.Building;

/// <summary>
/// The stamp handlers' dependency, standing in for a costly one (a connection pool, a client): counts its construction,
/// and records the handlers' calls.
/// </summary>
public sealed class Workshop
{
    private readonly Recorder _recorder;

    public Workshop(Constructions constructions, Recorder recorder)
    {
        constructions.Record(this);
        _recorder = recorder;
    }

    public void Record(object handler, object message, IMessageContext context) => _recorder.Record(handler, message, context);
}
