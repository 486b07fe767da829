using Azure.Messaging.ServiceBus;

namespace Cqrs.ServiceBus;

/// <summary>
/// The receiver of one entity, the command queue or a subscription: a <see cref="ServiceBusProcessor"/>, or with
/// <see cref="ServiceBusOptions.RequiresSession"/> a <see cref="ServiceBusSessionProcessor"/> that holds up to
/// <see cref="ServiceBusOptions.MaxConcurrentSessions"/> sessions and hands over one message of each at a time.
/// Peek-lock, settled by the transport; locks (or session locks) renewed for up to
/// <see cref="ServiceBusOptions.MaxAutoLockRenewalDuration"/>.
/// </summary>
internal sealed class EntityProcessor : IAsyncDisposable
{
    private readonly ServiceBusProcessor? _processor;
    private readonly ServiceBusSessionProcessor? _sessionProcessor;

    /// <param name="client">The client to receive with.</param>
    /// <param name="options">The transport's options.</param>
    /// <param name="prefetchCount">Messages fetched ahead, per processor (or per session).</param>
    /// <param name="entity">The queue or topic.</param>
    /// <param name="subscription">The topic's subscription; null for a queue.</param>
    /// <param name="process">Handles and settles each delivery.</param>
    /// <param name="error">Reports a receive error.</param>
    public EntityProcessor(
        ServiceBusClient client,
        ServiceBusOptions options,
        int prefetchCount,
        string entity,
        string? subscription,
        Func<ReceivedDelivery, Task> process,
        Func<ProcessErrorEventArgs, Task> error)
    {
        if (options.RequiresSession)
        {
            var sessionOptions = new ServiceBusSessionProcessorOptions
            {
                AutoCompleteMessages = false,
                ReceiveMode = ServiceBusReceiveMode.PeekLock,
                MaxConcurrentSessions = options.MaxConcurrentSessions,
                MaxConcurrentCallsPerSession = 1,
                PrefetchCount = prefetchCount,
                MaxAutoLockRenewalDuration = options.MaxAutoLockRenewalDuration,
                SessionIdleTimeout = options.SessionIdleTimeout,
            };
            _sessionProcessor = subscription is null
                ? client.CreateSessionProcessor(entity, sessionOptions)
                : client.CreateSessionProcessor(entity, subscription, sessionOptions);
            _sessionProcessor.ProcessMessageAsync += args => process(new ReceivedDelivery.OfSession(args));
            _sessionProcessor.ProcessErrorAsync += error;
            return;
        }

        var processorOptions = new ServiceBusProcessorOptions
        {
            AutoCompleteMessages = false,
            ReceiveMode = ServiceBusReceiveMode.PeekLock,
            MaxConcurrentCalls = options.MaxConcurrentCalls,
            PrefetchCount = prefetchCount,
            MaxAutoLockRenewalDuration = options.MaxAutoLockRenewalDuration,
        };
        _processor = subscription is null
            ? client.CreateProcessor(entity, processorOptions)
            : client.CreateProcessor(entity, subscription, processorOptions);
        _processor.ProcessMessageAsync += args => process(new ReceivedDelivery.OfProcessor(args));
        _processor.ProcessErrorAsync += error;
    }

    public Task StartProcessingAsync() => _processor?.StartProcessingAsync() ?? _sessionProcessor!.StartProcessingAsync();

    /// <summary>Stops receiving and waits for the handlers under way to return.</summary>
    public Task StopProcessingAsync() => _processor?.StopProcessingAsync() ?? _sessionProcessor!.StopProcessingAsync();

    public ValueTask DisposeAsync() => _processor?.DisposeAsync() ?? _sessionProcessor!.DisposeAsync();
}
