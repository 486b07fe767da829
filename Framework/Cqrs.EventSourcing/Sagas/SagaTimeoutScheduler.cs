using System.Diagnostics;
using Cqrs.Transports;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;

namespace Cqrs.EventSourcing;

/// <summary>
/// The saga timeouts' relay (<see cref="StoredMessageRelay{T}"/>): under a host, fires stored saga timeouts at start
/// (timeouts that came due while no process ran) and then whenever one comes due, this process stores one, or
/// <see cref="SagaOptions.TimeoutPollInterval"/> passes (another process may have stored one). A timeout goes through
/// the pipeline as a command under its own id, and leaves the store once delivered (handled, dead-lettered, or taken by
/// a broker): a crash before that fires it again, and the saga, which keeps the ids of the messages it handled, skips
/// the repeat. Over a transport that schedules durably (<see cref="ITransport.SchedulesDurably"/>, Service Bus) a
/// timeout is fired as soon as it is stored, as a message the broker delivers at its due time, and leaves the store
/// once the broker took it. Its handling links to the trace that requested it. Thread-safe.
/// </summary>
internal sealed partial class SagaTimeoutScheduler : BackgroundService, IStoredMessageSource<SagaTimeoutRecord>, IAsyncDisposable
{
    private readonly SagaServices _services;
    private readonly ILogger<SagaTimeoutScheduler> _logger;
    private readonly StoredMessageRelay<SagaTimeoutRecord> _relay;

    public SagaTimeoutScheduler(SagaServices services, IServiceProvider provider, ILogger<SagaTimeoutScheduler> logger)
    {
        _services = services;
        _logger = logger;
        _relay = new StoredMessageRelay<SagaTimeoutRecord>(this, provider, logger);
    }

    public string Entries => "saga timeouts";

    /// <summary>
    /// Fires every timeout due now (over a transport that schedules durably: every timeout stored) that is not being
    /// fired already, a batch of <see cref="SagaOptions.TimeoutBatchSize"/> at a time; returns how many it fired. A full
    /// batch means more may be due: the next is read once this one is settled (delivered and deleted, or left stored by
    /// a failure), at once rather than after a poll; a batch that deleted none (the store failing) ends the run.
    /// </summary>
    public Task<int> FireDueAsync(CancellationToken cancellationToken) => _relay.SweepAsync(cancellationToken);

    /// <summary>Stops the transport and waits a bounded time for the deletions of delivered timeouts under way; an abandoned one stays stored and fires again.</summary>
    public async ValueTask DisposeAsync()
    {
        base.Dispose();
        await _relay.DisposeAsync().ConfigureAwait(false);
    }

    /// <summary>For containers disposed synchronously.</summary>
    public override void Dispose()
    {
        base.Dispose();
        _relay.DisposeAsync().AsTask().GetAwaiter().GetResult();
    }

    protected override async Task ExecuteAsync(CancellationToken stoppingToken)
    {
        if (!_services.HasStore)
        {
            return;
        }

        while (!stoppingToken.IsCancellationRequested)
        {
            var requested = _services.Timeouts.Next;
            try
            {
                await FireDueAsync(stoppingToken).ConfigureAwait(false);
                await WaitAsync(requested, stoppingToken).ConfigureAwait(false);
            }
            catch (OperationCanceledException) when (stoppingToken.IsCancellationRequested)
            {
                return;
            }
            catch (Exception exception)
            {
                LogFiringFailed(exception);
                try
                {
                    await Task.Delay(_services.Options.TimeoutPollInterval, _services.Clock, stoppingToken).ConfigureAwait(false);
                }
                catch (OperationCanceledException)
                {
                    return;
                }
            }
        }
    }

    /// <summary>Until the next timeout is due, one is requested here, or the poll interval passes, whichever is first.</summary>
    private async Task WaitAsync(Task requested, CancellationToken stoppingToken)
    {
        var now = _services.Clock.GetUtcNow();
        var wait = _services.Options.TimeoutPollInterval;
        if (await _services.Store.NextTimeoutAfterAsync(now, stoppingToken).ConfigureAwait(false) is { } next && next - now < wait)
        {
            wait = next - now;
        }

        using var delay = CancellationTokenSource.CreateLinkedTokenSource(stoppingToken);
        var elapsed = Task.Delay(wait, _services.Clock, delay.Token);
        await Task.WhenAny(requested, elapsed).ConfigureAwait(false);
        await delay.CancelAsync().ConfigureAwait(false);
        stoppingToken.ThrowIfCancellationRequested();
    }

    Guid IStoredMessageSource<SagaTimeoutRecord>.IdOf(SagaTimeoutRecord entry) => entry.TimeoutId;

    /// <summary>Each timeout on its own: one that fails holds back no other.</summary>
    string IStoredMessageSource<SagaTimeoutRecord>.GroupOf(SagaTimeoutRecord entry) => entry.TimeoutId.ToString();

    /// <summary>
    /// The timeout as the message it is delivered as, and its delivery: due at once, or handed to a transport that
    /// schedules durably to be delivered when due; linked to the trace of the message that requested it.
    /// </summary>
    (StoredMessage Message, StoredDelivery Delivery) IStoredMessageSource<SagaTimeoutRecord>.PublicationOf(SagaTimeoutRecord timeout)
    {
        var position = SagaOutbox.PositionOf(timeout.SagaType, timeout.SagaId);
        var message = new StoredMessage(timeout.WireName, timeout.TimeoutId, timeout.CorrelationId, timeout.CausationId, timeout.Body, position);
        var delivery = new StoredDelivery(position)
        {
            DeliverAt = _relay.Transport.SchedulesDurably ? timeout.DueAt : null,
            LinkedTrace = ActivityContext.TryParse(timeout.TraceParent, null, isRemote: true, out var requestedIn) ? requestedIn : default,
        };
        return (message, delivery);
    }

    Task<IReadOnlyList<SagaTimeoutRecord>> IStoredMessageSource<SagaTimeoutRecord>.ReadDueAsync(CancellationToken cancellationToken)
    {
        var dueBy = _relay.Transport.SchedulesDurably ? DateTimeOffset.MaxValue : _services.Clock.GetUtcNow();
        return _services.Store.ReadDueTimeoutsAsync(dueBy, _services.Options.TimeoutBatchSize, cancellationToken);
    }

    Task<List<SagaTimeoutRecord>> IStoredMessageSource<SagaTimeoutRecord>.PublishableAsync(List<SagaTimeoutRecord> entries, CancellationToken cancellationToken) =>
        Task.FromResult(entries);

    async Task IStoredMessageSource<SagaTimeoutRecord>.ForgetAsync(IReadOnlyList<SagaTimeoutRecord> delivered, CancellationToken cancellationToken)
    {
        foreach (var timeout in delivered)
        {
            await _services.Store.DeleteTimeoutAsync(timeout.TimeoutId, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>After a full batch that fired some: once they are settled, again if any was deleted.</summary>
    async ValueTask<bool> IStoredMessageSource<SagaTimeoutRecord>.ReadAgainAsync(SweepPass pass, CancellationToken cancellationToken) =>
        pass.Read == _services.Options.TimeoutBatchSize && pass.Published > 0
        && await pass.Forgotten.WaitAsync(cancellationToken).ConfigureAwait(false) > 0;

    void IStoredMessageSource<SagaTimeoutRecord>.LogPublishFailed(Exception exception, SagaTimeoutRecord first, int count) =>
        LogTimeoutFailed(exception, first.WireName, first.SagaType, first.SagaId);

    void IStoredMessageSource<SagaTimeoutRecord>.LogForgetFailed(Exception exception, IReadOnlyList<SagaTimeoutRecord> delivered) =>
        LogTimeoutFailed(exception, delivered[0].WireName, delivered[0].SagaType, delivered[0].SagaId);

    [LoggerMessage(Level = LogLevel.Warning, Message = "Could not look for due saga timeouts; trying again.")]
    private partial void LogFiringFailed(Exception exception);

    [LoggerMessage(Level = LogLevel.Warning, Message = "Could not fire or forget timeout {WireName} of saga {SagaType} '{SagaId}'; it stays stored and fires again.")]
    private partial void LogTimeoutFailed(Exception exception, string wireName, string sagaType, string sagaId);
}
