using Azure.Messaging.ServiceBus;
using Cqrs.Transports;
using Microsoft.Extensions.Logging;

namespace Cqrs.ServiceBus;

/// <summary>
/// Receiving: a <see cref="ServiceBusProcessor"/> on the command queue when commands are handled here, and one on this
/// endpoint's subscription when events are; peek-lock, explicit settlement, exactly once per delivery. With
/// <see cref="ServiceBusOptions.ProvisionTopology"/> the entities are provisioned first.
/// </summary>
internal sealed partial class ServiceBusTransport
{
    private readonly List<ServiceBusProcessor> _processors = [];
    private readonly Lock _lifecycle = new();
    private readonly CancellationTokenSource _stopping = new();
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

            var processorOptions = new ServiceBusProcessorOptions
            {
                AutoCompleteMessages = false,
                ReceiveMode = ServiceBusReceiveMode.PeekLock,
                MaxConcurrentCalls = _options.MaxConcurrentCalls,
                PrefetchCount = PrefetchGuard.Clamp(_options, _logger),
                MaxAutoLockRenewalDuration = _options.MaxAutoLockRenewalDuration,
            };
            if (_catalog.HandledWireNames(MessageKind.Command).Count > 0)
            {
                _processors.Add(_client.CreateProcessor(_options.CommandQueue, processorOptions));
            }

            if (_catalog.HandledWireNames(MessageKind.Event).Count > 0)
            {
                _processors.Add(_client.CreateProcessor(_options.EventTopic, _options.Subscription, processorOptions));
            }

            foreach (var processor in _processors)
            {
                processor.ProcessMessageAsync += args => ProcessAsync(receiver, args);
                processor.ProcessErrorAsync += OnErrorAsync;
            }

            using (ExecutionContext.SuppressFlow())
            {
                _provisioned = _options.ProvisionTopology ? ProvisionAsync() : Task.CompletedTask;
                _started = StartProcessorsAsync();
            }
        }
    }

    /// <summary>An async method, so even a bad administration connection string faults the task (sends report it) rather than <see cref="Start"/>.</summary>
    private async Task ProvisionAsync()
    {
        await TopologyProvisioner.Create(_options, _logger).ProvisionAsync(_topology, _stopping.Token).ConfigureAwait(false);
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

    /// <summary>Stops receiving and lets the handlers under way finish and settle. Idempotent.</summary>
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

        foreach (var processor in _processors)
        {
            await processor.StopProcessingAsync().ConfigureAwait(false);
            await processor.DisposeAsync().ConfigureAwait(false);
        }
    }

    private async Task ProcessAsync(ITransportReceiver receiver, ProcessMessageEventArgs args)
    {
        var received = args.Message;
        var properties = received.ApplicationProperties;
        if (properties.TryGetValue(ServiceBusHeaders.TargetEndpoint, out var endpoint) && endpoint is string target && target != _options.Subscription)
        {
            // A copy aimed at a handler of another endpoint: the topic gives every matching subscription one.
            await args.CompleteMessageAsync(received, CancellationToken.None).ConfigureAwait(false);
            return;
        }

        if (properties.TryGetValue(ServiceBusHeaders.DeadLetterReason, out var reason) && reason is string deadLetterReason)
        {
            var description = properties.TryGetValue(ServiceBusHeaders.DeadLetterDescription, out var text) ? text as string : null;
            await args.DeadLetterMessageAsync(received, deadLetterReason, description ?? string.Empty, CancellationToken.None).ConfigureAwait(false);
            return;
        }

        if (!ServiceBusMessages.TryRead(received, out var message, out var problem))
        {
            LogUnreadable(received.MessageId, problem);
            await args.DeadLetterMessageAsync(received, DeadLetterReasons.DeserializationFailed, problem, CancellationToken.None).ConfigureAwait(false);
            return;
        }

        var disposition = await receiver.ReceiveAsync(message, args.CancellationToken).ConfigureAwait(false);
        await SettleAsync(args, message, disposition).ConfigureAwait(false);
    }

    /// <summary>
    /// Settles the delivery once. An event abandoned for some of its handlers only is completed, after a copy for each
    /// of those goes back to the topic: the handlers that handled it do not run again.
    /// </summary>
    private async Task SettleAsync(ProcessMessageEventArgs args, TransportMessage message, Disposition disposition)
    {
        var received = args.Message;
        switch (disposition.Kind)
        {
            case DispositionKind.Complete:
                await args.CompleteMessageAsync(received, CancellationToken.None).ConfigureAwait(false);
                break;
            case DispositionKind.DeadLetter:
                await args.DeadLetterMessageAsync(received, disposition.Reason!, disposition.Description!, CancellationToken.None).ConfigureAwait(false);
                break;
            case DispositionKind.Abandon when disposition.Handlers is { } handlers:
                foreach (var handler in handlers)
                {
                    await SendAsync(message.ForHandler(handler), cause: null, CancellationToken.None).ConfigureAwait(false);
                }

                await args.CompleteMessageAsync(received, CancellationToken.None).ConfigureAwait(false);
                break;
            case DispositionKind.Abandon:
                await args.AbandonMessageAsync(received, cancellationToken: CancellationToken.None).ConfigureAwait(false);
                break;
        }
    }

    private Task OnErrorAsync(ProcessErrorEventArgs args)
    {
        LogReceiveError(args.Exception, args.EntityPath, args.ErrorSource.ToString());
        return Task.CompletedTask;
    }

    [LoggerMessage(Level = LogLevel.Error, Message = "Dead-lettered message {MessageId}: its headers cannot be read: {Problem}")]
    private partial void LogUnreadable(string messageId, string problem);

    [LoggerMessage(Level = LogLevel.Critical, Message = "Provisioning the Service Bus topology failed: nothing is received, and every send fails with this error.")]
    private partial void LogProvisioningFailed(Exception exception);

    [LoggerMessage(Level = LogLevel.Warning, Message = "Service Bus receive error on {EntityPath} ({Source}).")]
    private partial void LogReceiveError(Exception exception, string entityPath, string source);
}
