namespace Sample.Functions.Hosting;

/// <summary>Where the app's commands and events travel: the <c>Cqrs:Transport</c> setting.</summary>
internal enum TransportMode
{
    /// <summary>In this process, no broker.</summary>
    InProcess,

    /// <summary>Commands on a Service Bus queue, events on a topic, received by processors inside the worker.</summary>
    ServiceBus,
}
