using Azure.Messaging.ServiceBus;
using Cqrs.Transports;
using Microsoft.Extensions.Logging;

namespace Cqrs.ServiceBus;

/// <summary>
/// Receiving: an <see cref="EntityProcessor"/> on the command queue when commands are handled here, and one on this
/// endpoint's subscription when events are (or one per handler's subscription, with
/// <see cref="ServiceBusOptions.SubscriptionPerHandler"/>), by session with <see cref="ServiceBusOptions.RequiresSession"/>;
/// peek-lock, explicit settlement, exactly once per delivery. Only the handlers this process runs count
/// (<see cref="CqrsOptions.SendOnly"/>, <see cref="CqrsOptions.Receive"/>): a process that runs none opens no receiver at
/// all. With <see cref="ServiceBusOptions.ProvisionTopology"/> the entities are provisioned first.
/// </summary>
internal sealed partial class ServiceBusTransport
{
    private readonly List<EntityProcessor> _processors = [];
    private readonly Lock _lifecycle = new();
    private readonly CancellationTokenSource _stopping = new();

    /// <summary>The handlers' token: fires once a stop's <see cref="ServiceBusOptions.ShutdownTimeout"/> is over.</summary>
    private readonly CancellationTokenSource _cancelHandlers;
    private Task _provisioned = Task.CompletedTask;
    private Task? _started;
    private Task? _stopped;

    public void Start(ITransportReceiver receiver)
    {
        lock (_lifecycle)
        {
            if (_started is not null)
            {
                throw new InvalidOperationException("The Service Bus transport is already started.");
            }

            ThrowIfSomeCommandsOnly();
            WarnIfKeysGoUnordered();
            var entities = _topology.ReceivedFrom;
            LogReceiving(entities.Count == 0 ? "nothing" : string.Join(", ", entities.Select(entity => entity.Subscription is null ? entity.Entity : $"{entity.Entity}/{entity.Subscription}")));
            if (entities.Count > 0)
            {
                // A session's messages are locked with the session, which is renewed: prefetched ones run no lock out.
                var prefetchCount = _options.RequiresSession ? _options.PrefetchCount : PrefetchGuard.Clamp(_options, _logger);
                foreach (var (entity, subscription, handler) in entities)
                {
                    _processors.Add(new EntityProcessor(
                        _client, _options, prefetchCount, entity, subscription, delivery => ProcessAsync(receiver, delivery, handler), OnErrorAsync));
                }
            }

            using (ExecutionContext.SuppressFlow())
            {
                _provisioned = _options.ProvisionTopology ? ProvisionAsync() : Task.CompletedTask;
                _started = StartProcessorsAsync();
            }
        }
    }

    /// <summary>
    /// Every command comes through the one queue, and a queue has no filter: a process that receives from it gets every
    /// command, so it must run every command handler. One that runs some only would take the others' commands and have
    /// nothing to handle them with.
    /// </summary>
    /// <exception cref="InvalidOperationException">This process runs the handlers of some commands and not of others.</exception>
    private void ThrowIfSomeCommandsOnly()
    {
        var elsewhere = _directory.HandledElsewhere(MessageKind.Command);
        if (_topology.HandledCommands.Count > 0 && elsewhere.Count > 0)
        {
            throw new InvalidOperationException(
                $"This process runs the handlers of {string.Join(", ", _topology.HandledCommands)} but not of {string.Join(", ", elsewhere)} " +
                $"({CqrsOptions.SectionName}:{nameof(CqrsOptions.Receive)}). Every command comes through the queue '{_options.CommandQueue}', " +
                "which a receiver takes whole: the commands whose handler does not run here would reach this process and could not be handled. " +
                "Run every command handler in the processes that receive commands, and none in the others.");
        }
    }

    /// <summary>
    /// Without sessions, Service Bus hands the messages of one key to any receiver at once: say so at start, naming the
    /// types whose order the app asked for, rather than let them race unnoticed.
    /// </summary>
    private void WarnIfKeysGoUnordered()
    {
        var keyed = _directory.KeyedMessages();
        if (!_options.RequiresSession && keyed.Count > 0)
        {
            LogKeysUnordered(string.Join(", ", keyed));
        }
    }

    /// <summary>An async method, so even a bad administration connection string faults the task (sends report it) rather than <see cref="Start"/>.</summary>
    private async Task ProvisionAsync()
    {
        await new TopologyProvisioner(_clients.Administration(), _options, _logger).ProvisionAsync(_topology, _stopping.Token).ConfigureAwait(false);
    }

    /// <summary>
    /// Starts the processors once the topology is provisioned. A provisioning failure is logged here and starts
    /// nothing; senders get it too (see SendToBrokerAsync), so the app learns why instead of receiving nothing.
    /// </summary>
    private async Task StartProcessorsAsync()
    {
        try
        {
            await _provisioned.ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (_stopping.IsCancellationRequested)
        {
            return; // stopped while provisioning
        }
        catch (Exception exception) when (exception is not OutOfMemoryException)
        {
            LogProvisioningFailed(exception);
            return;
        }

        await Task.WhenAll(_processors.Select(processor => processor.StartProcessingAsync())).ConfigureAwait(false);
    }

    /// <summary>
    /// Stops receiving and lets the handlers under way finish and settle, cancelling their token once
    /// <see cref="ServiceBusOptions.ShutdownTimeout"/> is over. Idempotent.
    /// </summary>
    public Task StopAsync()
    {
        lock (_lifecycle)
        {
            return _stopped ??= StopOnceAsync();
        }
    }

    private async Task StopOnceAsync()
    {
        await _stopping.CancelAsync().ConfigureAwait(false); // a provisioning under way (it may be retrying) gives up
        if (_started is { } started)
        {
            await started.ConfigureAwait(false);
        }

        _cancelHandlers.CancelAfter(_options.ShutdownTimeout);
        await Task.WhenAll(_processors.Select(processor => processor.StopProcessingAsync())).ConfigureAwait(false);
        foreach (var processor in _processors)
        {
            await processor.DisposeAsync().ConfigureAwait(false);
        }
    }

    /// <summary>
    /// Handles one delivery. <paramref name="handler"/> is the handler whose own subscription it came from
    /// (<see cref="ServiceBusOptions.SubscriptionPerHandler"/>): only that handler runs, so its failures stay its own.
    /// The handlers get the transport's token rather than the processor's, which fires as soon as a stop begins.
    /// </summary>
    private async Task ProcessAsync(ITransportReceiver receiver, ReceivedDelivery delivery, string? handler)
    {
        var received = delivery.Message;
        if (delivery.LockedUntil <= TimeProvider.System.GetUtcNow())
        {
            // Its lock ran out while it waited in the prefetch buffer: the broker may have handed it to another receiver
            // already, and nothing done here could be settled. It is left for its next delivery. The lock runs on the
            // broker's wall clock, not on the app's TimeProvider.
            LogLockExpired(received.MessageId, delivery.LockedUntil);
            return;
        }

        var properties = received.ApplicationProperties;
        if (IsAimedElsewhere(properties, handler))
        {
            // A copy aimed at a handler of another endpoint, or at another handler's subscription: the topic gives every
            // matching subscription one, and only the target's may act on it.
            await delivery.CompleteAsync().ConfigureAwait(false);
            return;
        }

        if (properties.TryGetValue(ServiceBusHeaders.DeadLetterReason, out var reason) && reason is string deadLetterReason)
        {
            var description = properties.TryGetValue(ServiceBusHeaders.DeadLetterDescription, out var text) ? text as string : null;
            await delivery.DeadLetterAsync(deadLetterReason, description ?? string.Empty).ConfigureAwait(false);
            return;
        }

        if (!ServiceBusMessages.TryRead(received, handler, out var message, out var problem))
        {
            LogUnreadable(received.MessageId, problem);
            await delivery.DeadLetterAsync(DeadLetterReasons.DeserializationFailed, problem).ConfigureAwait(false);
            return;
        }

        var disposition = await receiver.ReceiveAsync(message, _cancelHandlers.Token).ConfigureAwait(false);
        await SettleAsync(delivery, message, disposition).ConfigureAwait(false);
    }

    private bool IsAimedElsewhere(IReadOnlyDictionary<string, object> properties, string? handler) =>
        properties.TryGetValue(ServiceBusHeaders.TargetEndpoint, out var endpoint) && endpoint is string targetEndpoint && targetEndpoint != _options.Subscription
        || handler is not null && properties.TryGetValue(ServiceBusHeaders.TargetHandler, out var aimed) && aimed is string targetHandler && targetHandler != handler;

    /// <summary>
    /// Settles the delivery once. An event abandoned for some of its handlers only is completed, after a copy for each
    /// of those goes back to the topic: the handlers that handled it do not run again.
    /// </summary>
    private async Task SettleAsync(ReceivedDelivery delivery, TransportMessage message, Disposition disposition)
    {
        switch (disposition.Kind)
        {
            case DispositionKind.Complete:
                await delivery.CompleteAsync().ConfigureAwait(false);
                break;
            case DispositionKind.DeadLetter:
                await delivery.DeadLetterAsync(disposition.Reason!, disposition.Description!).ConfigureAwait(false);
                break;
            case DispositionKind.Abandon when disposition.Handlers is { } handlers:
                foreach (var handler in handlers)
                {
                    await SendAsync(message.ForHandler(handler), cause: null, CancellationToken.None).ConfigureAwait(false);
                }

                await delivery.CompleteAsync().ConfigureAwait(false);
                break;
            case DispositionKind.Abandon:
                await delivery.AbandonAsync().ConfigureAwait(false);
                break;
        }
    }

    private Task OnErrorAsync(ProcessErrorEventArgs args)
    {
        LogReceiveError(args.Exception, args.EntityPath, args.ErrorSource.ToString());
        return Task.CompletedTask;
    }

    [LoggerMessage(Level = LogLevel.Information, Message = "Receiving from Service Bus: {Entities}.")]
    private partial void LogReceiving(string entities);

    [LoggerMessage(
        Level = LogLevel.Warning,
        Message = "Message types {MessageTypes} have an ordering key ([OrderingKey]), but " + ServiceBusOptions.SectionName + ":RequiresSession is off, " +
            "so Service Bus keeps no order: messages with one key may be handled at once and out of order, by any instance. " +
            "Turn RequiresSession on, in every app of the namespace and on entities created with sessions, to have them handled one at a time in the order sent.")]
    private partial void LogKeysUnordered(string messageTypes);

    [LoggerMessage(Level = LogLevel.Warning, Message = "Left message {MessageId} unhandled: its lock ran out at {LockedUntil} before a handler was free; the broker delivers it again. Lower PrefetchCount or raise ExpectedHandlerTime.")]
    private partial void LogLockExpired(string messageId, DateTimeOffset lockedUntil);

    [LoggerMessage(Level = LogLevel.Error, Message = "Dead-lettered message {MessageId}: its headers cannot be read: {Problem}")]
    private partial void LogUnreadable(string messageId, string problem);

    [LoggerMessage(Level = LogLevel.Critical, Message = "Provisioning the Service Bus topology failed: nothing is received, and every send fails with this error.")]
    private partial void LogProvisioningFailed(Exception exception);

    [LoggerMessage(Level = LogLevel.Warning, Message = "Service Bus receive error on {EntityPath} ({Source}).")]
    private partial void LogReceiveError(Exception exception, string entityPath, string source);
}
