using Azure.Core;
using Azure.Messaging.ServiceBus;

namespace Cqrs.ServiceBus;

/// <summary>
/// Where and how the Service Bus transport sends and receives: commands on a queue, events on a topic with one
/// subscription per endpoint (a deployable app). Bound from the configuration section passed to <c>UseServiceBus</c>
/// (<see cref="SectionName"/> by convention) and validated at start. The client is the <see cref="ServiceBusClient"/>
/// registered in the container when there is one (<c>services.AddAzureClients(b =&gt; b.AddServiceBusClient(...))</c>);
/// otherwise one is made from <see cref="ConnectionString"/>, or from <see cref="FullyQualifiedNamespace"/> with
/// <see cref="Credential"/>, and <see cref="ClientOptions"/>.
/// </summary>
public sealed class ServiceBusOptions
{
    /// <summary>The configuration section the options are usually bound from: <c>Cqrs:ServiceBus</c>.</summary>
    public const string SectionName = "Cqrs:ServiceBus";

    /// <summary>A connection string; a local broker's ends with <c>UseDevelopmentEmulator=true</c>. Give this or <see cref="FullyQualifiedNamespace"/>.</summary>
    public string? ConnectionString { get; set; }

    /// <summary>The namespace's host name (<c>contoso.servicebus.windows.net</c>), connected to as <see cref="Credential"/>. Give this or <see cref="ConnectionString"/>.</summary>
    public string? FullyQualifiedNamespace { get; set; }

    /// <summary>
    /// The identity <see cref="FullyQualifiedNamespace"/> is connected to as. Set in code only. Default: a
    /// <c>DefaultAzureCredential</c> (managed identity in Azure, developer sign-in on a laptop) for <see cref="ManagedIdentityClientId"/>.
    /// </summary>
    public TokenCredential? Credential { get; set; }

    /// <summary>
    /// The client id of the user-assigned managed identity the default <see cref="Credential"/> signs in as. Default: the
    /// <c>AZURE_CLIENT_ID</c> environment variable, or the system-assigned identity.
    /// </summary>
    public string? ManagedIdentityClientId { get; set; }

    /// <summary>
    /// Options of the client made from these options: <see cref="ServiceBusClientOptions.TransportType"/>
    /// (<see cref="ServiceBusTransportType.AmqpWebSockets"/> where port 5671 is closed), <see cref="ServiceBusClientOptions.RetryOptions"/>.
    /// Not used with a client from the container, which has its own.
    /// </summary>
    public ServiceBusClientOptions ClientOptions { get; set; } = new();

    /// <summary>The queue commands go to. Default <c>cqrs-commands</c>.</summary>
    public string CommandQueue { get; set; } = "cqrs-commands";

    /// <summary>The topic events go to. Default <c>cqrs-events</c>.</summary>
    public string EventTopic { get; set; } = "cqrs-events";

    /// <summary>
    /// This endpoint's subscription to <see cref="EventTopic"/>, filtered to the events its handlers handle. Every
    /// deployable app that handles events has its own. The processes that share one compete for its messages, each event
    /// going to one of them: they must run the same handlers. A process that runs other handlers
    /// (<see cref="CqrsOptions.Receive"/>) needs a subscription of its own, or <see cref="SubscriptionPerHandler"/>.
    /// Default <c>default</c>.
    /// </summary>
    public string Subscription { get; set; } = "default";

    /// <summary>
    /// Gives each event handler here a subscription of its own (<see cref="ServiceBusTopology.HandlerSubscriptions"/>,
    /// named from <see cref="Subscription"/> and the handler), filtered to the events it handles, with a processor of its
    /// own: a failing handler's retries, lock expiries and dead letters are then its own, and never re-run or hold up the
    /// others. Processes may then run different handlers (<see cref="CqrsOptions.Receive"/>): each receives from its own
    /// handlers' subscriptions alone. Default off: one subscription per endpoint, every handler of an event run from one
    /// delivery.
    /// </summary>
    public bool SubscriptionPerHandler { get; set; }

    /// <summary>Messages handled at once, per entity received from; at least 1. Default 16. Not used with <see cref="RequiresSession"/>.</summary>
    public int MaxConcurrentCalls { get; set; } = 16;

    /// <summary>
    /// Order per key: the command queue and this endpoint's subscriptions are session entities, every message sent
    /// carries a SessionId (its ordering key, see <see cref="OrderingKeyAttribute"/>; for a message with none, its own
    /// MessageId, so it is a session of its own and waits for no other), and receiving is by session, one message of a
    /// session at a time, so that messages with one key are handled in the order sent, across every instance. Provisioning
    /// creates the entities so; Service Bus cannot turn sessions on or off for an entity that exists, and every app that
    /// sends to or receives from it must agree. Needs the Standard or Premium tier. Default off: no order on Service Bus.
    /// </summary>
    public bool RequiresSession { get; set; }

    /// <summary>Sessions handled at once, per entity, with <see cref="RequiresSession"/>: each one message at a time. At least 1. Default 16.</summary>
    public int MaxConcurrentSessions { get; set; } = 16;

    /// <summary>
    /// With <see cref="RequiresSession"/>: how long a receiver waits for the next message of the session it holds before
    /// it lets the session go and takes another with messages waiting. Short, since every message without a key is a
    /// session of its own; longer keeps a busy key's session at the cost of a slot waiting idle. Positive. Default 100 ms.
    /// </summary>
    public TimeSpan SessionIdleTimeout { get; set; } = TimeSpan.FromMilliseconds(100);

    /// <summary>
    /// Messages fetched ahead of handling, per entity. Their locks run while they wait, so the transport lowers it,
    /// with a warning, when <see cref="PrefetchCount"/> ÷ <see cref="MaxConcurrentCalls"/> × <see cref="ExpectedHandlerTime"/>
    /// would outlast half the <see cref="LockDuration"/>. Not negative. Default 0 (none).
    /// </summary>
    public int PrefetchCount { get; set; }

    /// <summary>The entities' lock duration, as provisioned. Default 60 s (Service Bus's default).</summary>
    public TimeSpan LockDuration { get; set; } = TimeSpan.FromSeconds(60);

    /// <summary>How long a handler takes, at worst, in the usual run of things: what the prefetch guard plans for. Default 1 s.</summary>
    public TimeSpan ExpectedHandlerTime { get; set; } = TimeSpan.FromSeconds(1);

    /// <summary>How long a message under way has its lock renewed. Default 5 minutes.</summary>
    public TimeSpan MaxAutoLockRenewalDuration { get; set; } = TimeSpan.FromMinutes(5);

    /// <summary>
    /// How long a stop lets the handlers under way finish before their cancellation token fires. Until then a stop
    /// only stops receiving: a handler cancelled mid-way would be re-run on redelivery, repeating what it had done.
    /// Positive. Default 30 s.
    /// </summary>
    public TimeSpan ShutdownTimeout { get; set; } = TimeSpan.FromSeconds(30);

    /// <summary>
    /// Creates what is missing of <see cref="ServiceBusTopology"/> at start-up, before any message is sent or received:
    /// the command queue, the event topic, this endpoint's subscription and its rules (one correlation filter on the
    /// Subject per handled event; the catch-all <c>$Default</c> rule and rules of ours for events no longer handled are
    /// removed). Nothing that exists is changed, so every start after the first changes nothing. Needs Manage rights
    /// (a policy with Manage, or the Azure Service Bus Data Owner role). Default off: production entities usually come
    /// from infrastructure as code (the repository's Bicep).
    /// </summary>
    public bool ProvisionTopology { get; set; }

    /// <summary>
    /// The connection string <see cref="ProvisionTopology"/> uses, when it differs from <see cref="ConnectionString"/>:
    /// a local broker's administration endpoint listens on a port of its own. Default: the
    /// <c>ServiceBusAdministrationClient</c> registered in the container, else <see cref="ConnectionString"/>, else the
    /// client's namespace with <see cref="Credential"/>.
    /// </summary>
    public string? AdministrationConnectionString { get; set; }

    /// <summary>The entities' max delivery count, as provisioned: deliveries after which the broker dead-letters a message. Default 10 (Service Bus's default).</summary>
    public int MaxDeliveryCount { get; set; } = 10;

    /// <summary>
    /// Creates the command queue and the event topic with duplicate detection, when <see cref="ProvisionTopology"/>
    /// creates them: Service Bus then accepts and drops a message whose MessageId it accepted within
    /// <see cref="DuplicateDetectionHistoryTimeWindow"/>, so a message sent again under its id is handled once. Needs
    /// the Standard or Premium tier; Service Bus cannot turn it on or off for an entity that exists. Default off.
    /// </summary>
    public bool RequiresDuplicateDetection { get; set; }

    /// <summary>
    /// How long the entities <see cref="RequiresDuplicateDetection"/> creates remember the MessageIds they accepted: from
    /// 20 seconds to 7 days. Default 10 minutes (Service Bus's default).
    /// </summary>
    public TimeSpan DuplicateDetectionHistoryTimeWindow { get; set; } = TimeSpan.FromMinutes(10);

    /// <summary>Most messages sent in one batch; at least 1. Default 100.</summary>
    public int MaxBatchSize { get; set; } = 100;
}
