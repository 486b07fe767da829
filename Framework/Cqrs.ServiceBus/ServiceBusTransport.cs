using Azure.Messaging.ServiceBus;
using Azure.Messaging.ServiceBus.Administration;
using Cqrs.Transports;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace Cqrs.ServiceBus;

/// <summary>
/// Commands on a queue, events on a topic, through one long-lived client (the container's, or one of its own): sends
/// are coalesced into batches per entity, and delayed retries are scheduled messages, so nothing waits in this
/// process's memory. Receiving is in <c>ServiceBusTransport.Receiving.cs</c>. Thread-safe.
/// </summary>
internal sealed partial class ServiceBusTransport : ITransport
{
    private readonly ServiceBusOptions _options;
    private readonly ServiceBusTopology _topology;
    private readonly IMessageDirectory _directory;
    private readonly ILogger _logger;
    private readonly TimeProvider _clock;
    private readonly ServiceBusClients _clients;
    private readonly ServiceBusClient _client;
    private readonly BatchingSender _commands;
    private readonly BatchingSender _events;

    /// <param name="options">The options, validated.</param>
    /// <param name="registeredClient">The app's client, if it registered one: used, and left for the container to dispose.</param>
    /// <param name="registeredAdministration">The app's administration client, if it registered one, for provisioning.</param>
    /// <param name="topology">The entities.</param>
    /// <param name="directory">What is handled here.</param>
    /// <param name="clock">The clock scheduled messages are timed by.</param>
    /// <param name="logger">The logger.</param>
    public ServiceBusTransport(
        IOptions<ServiceBusOptions> options,
        ServiceBusClient? registeredClient,
        ServiceBusAdministrationClient? registeredAdministration,
        ServiceBusTopology topology,
        IMessageDirectory directory,
        TimeProvider clock,
        ILogger<ServiceBusTransport> logger)
    {
        _options = options.Value;
        _topology = topology;
        _directory = directory;
        _clock = clock;
        _logger = logger;
        _cancelHandlers = new CancellationTokenSource(Timeout.InfiniteTimeSpan, clock);
        _clients = new ServiceBusClients(_options, registeredClient, registeredAdministration);
        _client = _clients.Client;
        _commands = new BatchingSender(_client.CreateSender(_options.CommandQueue), _options.MaxBatchSize);
        _events = new BatchingSender(_client.CreateSender(_options.EventTopic), _options.MaxBatchSize);
    }

    public string Name => "servicebus";

    public bool HandlesLocallyOnly => false;

    /// <summary>A message to deliver later is a scheduled message: the broker keeps it until then.</summary>
    public bool SchedulesDurably => true;

    /// <summary>
    /// Sends once the broker has taken the message: a stored message's delivery is then durable. One to deliver later
    /// is sent scheduled for then.
    /// </summary>
    public async ValueTask SendAsync(TransportMessage message, TransportMessage? cause, CancellationToken cancellationToken)
    {
        await SendToBrokerAsync(message, ToServiceBus(message), cancellationToken).ConfigureAwait(false);
        message.Settle(delivered: true);
    }

    /// <summary>A delayed retry is a scheduled message (see <see cref="ToServiceBus"/> for whom it is aimed at).</summary>
    public async ValueTask ScheduleAsync(TransportMessage message, TimeSpan delay, CancellationToken cancellationToken)
    {
        var scheduled = ToServiceBus(message);
        scheduled.ScheduledEnqueueTime = _clock.GetUtcNow() + delay;
        await SendToBrokerAsync(message, scheduled, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// One event handler's final failure, while the others handled the event: the broker can dead-letter only a message
    /// it delivered, so a copy aimed at that handler goes back, marked to be dead-lettered with its reason on arrival.
    /// </summary>
    public async ValueTask DeadLetterAsync(TransportMessage message, string reason, string description, CancellationToken cancellationToken)
    {
        var copy = ToServiceBus(message);
        copy.ApplicationProperties[ServiceBusHeaders.DeadLetterReason] = reason;
        copy.ApplicationProperties[ServiceBusHeaders.DeadLetterDescription] = description;
        await SendToBrokerAsync(message, copy, cancellationToken).ConfigureAwait(false);
    }

    public async ValueTask DisposeAsync()
    {
        await StopAsync().ConfigureAwait(false);
        await _commands.DisposeAsync().ConfigureAwait(false);
        await _events.DisposeAsync().ConfigureAwait(false);
        await _clients.DisposeAsync().ConfigureAwait(false);
        _stopping.Dispose();
        _cancelHandlers.Dispose();
    }

    /// <summary>
    /// Sends once the topology is provisioned (see <see cref="Start"/>): a send must not reach for an entity not yet
    /// created, and a provisioning failure reaches every sender as its cause. Without provisioning this costs a check.
    /// </summary>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> was cancelled before the broker took the message.</exception>
    private async ValueTask SendToBrokerAsync(TransportMessage message, ServiceBusMessage native, CancellationToken cancellationToken)
    {
        if (!_provisioned.IsCompletedSuccessfully)
        {
            await _provisioned.WaitAsync(cancellationToken).ConfigureAwait(false);
        }

        await SenderOf(message).SendAsync(native, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// The message as Service Bus carries it. An event's copy is aimed at this endpoint: it goes back through the topic,
    /// which every subscription hears, and only this endpoint's handlers may act on it. That is a copy for one handler,
    /// and an event's delayed retry, which names no handler when the endpoint's only handler of the event failed.
    /// </summary>
    private ServiceBusMessage ToServiceBus(TransportMessage message) =>
        ServiceBusMessages.ToServiceBus(message, IsEventCopy(message) ? _options.Subscription : null, _options.RequiresSession);

    private bool IsEventCopy(TransportMessage message) =>
        message.TransportId != message.MessageId && _directory.KindOf(message.WireName) == MessageKind.Event;

    /// <summary>Events go to the topic; commands, and messages of a type unknown here, to the queue.</summary>
    private BatchingSender SenderOf(TransportMessage message) =>
        _directory.KindOf(message.WireName) == MessageKind.Event ? _events : _commands;
}
