using Cqrs.Benchmarks.Micro.MediatR;
using Cqrs.Benchtest;
using Cqrs.Benchtest.Engine;
using global::MediatR;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Benchmarks.Micro;

/// <summary>
/// The ways the dispatch benchmarks run operations (a command and its event, handled by two handlers): the
/// handlers called directly, our bus in direct mode (validated, as by default, and not, as MediatR) and with the
/// full pipeline, and MediatR 5.1. Each
/// method runs a number of operations and returns once both event handlers of every one have run. No
/// telemetry listener is attached, so the framework's spans and metrics cost a flag check.
/// </summary>
internal sealed class DispatchSubjects : IDisposable
{
    private const int Number = 42;

    private readonly OperationTracker _baselineTracker = new();
    private readonly OperationTracker _directTracker = new();
    private readonly OperationTracker _unvalidatedTracker = new();
    private readonly OperationTracker _fullTracker = new();
    private readonly OperationTracker _mediatRTracker = new();
    private readonly ServiceProvider _baselineServices;
    private readonly ServiceProvider _directServices;
    private readonly ServiceProvider _unvalidatedServices;
    private readonly ServiceProvider _fullServices;
    private readonly ServiceProvider _mediatRServices;
    private readonly ICommandHandler<RecordNumber> _commandHandler;
    private readonly DirectCallContext _directCallContext;
    private readonly ICommandBus _directBus;
    private readonly ICommandBus _unvalidatedBus;
    private readonly ICommandBus _fullBus;
    private readonly IMediator _mediator;

    public DispatchSubjects()
    {
        var fullPipeline = new BenchtestSettings();
        _baselineServices = BenchtestServices.Build(_baselineTracker, fullPipeline);
        _commandHandler = _baselineServices.GetRequiredService<ICommandHandler<RecordNumber>>();
        _directCallContext = new DirectCallContext([.. _baselineServices.GetServices<IEventHandler<NumberRecorded>>()]);
        _directServices = BenchtestServices.Build(_directTracker, fullPipeline with { Direct = true });
        _directBus = _directServices.GetRequiredService<ICommandBus>();
        _unvalidatedServices = BenchtestServices.Build(_unvalidatedTracker, fullPipeline with { Direct = true, DirectValidation = false });
        _unvalidatedBus = _unvalidatedServices.GetRequiredService<ICommandBus>();
        _fullServices = BenchtestServices.Build(_fullTracker, fullPipeline);
        _fullBus = _fullServices.GetRequiredService<ICommandBus>();
        _mediatRServices = MediatRServices.Build(_mediatRTracker);
        _mediator = _mediatRServices.GetRequiredService<IMediator>();
    }

    /// <summary>The baseline: the command handler called in line; its context calls both event handlers in line.</summary>
    public async Task CallHandlersDirectlyAsync(int operations)
    {
        _baselineTracker.Prepare(operations);
        for (var sequence = 0; sequence < operations; sequence++)
        {
            _baselineTracker.Started(sequence);
            await _commandHandler.HandleAsync(new RecordNumber(sequence, Number), _directCallContext, CancellationToken.None)
                .ConfigureAwait(false);
        }

        await _baselineTracker.WhenAllDone().ConfigureAwait(false);
    }

    public Task SendDirectAsync(int operations) => SendAllAsync(_directBus, _directTracker, operations);

    public Task SendDirectUnvalidatedAsync(int operations) => SendAllAsync(_unvalidatedBus, _unvalidatedTracker, operations);

    public Task SendThroughFullPipelineAsync(int operations) => SendAllAsync(_fullBus, _fullTracker, operations);

    /// <summary>MediatR: each request handled (its notification published to both handlers) before the next is sent.</summary>
    public async Task SendWithMediatRAsync(int operations)
    {
        _mediatRTracker.Prepare(operations);
        for (var sequence = 0; sequence < operations; sequence++)
        {
            _mediatRTracker.Started(sequence);
            await _mediator.Send(new RecordNumberRequest(sequence, Number)).ConfigureAwait(false);
        }

        await _mediatRTracker.WhenAllDone().ConfigureAwait(false);
    }

    public void Dispose()
    {
        _baselineServices.Dispose();
        _directServices.Dispose();
        _unvalidatedServices.Dispose();
        _fullServices.Dispose();
        _mediatRServices.Dispose();
    }

    /// <summary>Sends every command as the bus accepts it, then waits for all operations to complete.</summary>
    private static async Task SendAllAsync(ICommandBus bus, OperationTracker tracker, int operations)
    {
        tracker.Prepare(operations);
        for (var sequence = 0; sequence < operations; sequence++)
        {
            tracker.Started(sequence);
            await bus.SendAsync(new RecordNumber(sequence, Number)).ConfigureAwait(false);
        }

        await tracker.WhenAllDone().ConfigureAwait(false);
    }
}
