using Cqrs.Benchmarks.Mediator;
using Cqrs.Benchmarks.Micro.MediatR;
using Cqrs.Benchtest;
using Cqrs.Benchtest.Messages;
using global::MediatR;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Benchmarks.Micro;

/// <summary>
/// The ways the dispatch benchmarks run operations (a command and its event, handled by two handlers) in line or
/// through a worker: the handlers called directly, our bus in direct mode (validated, as by default, and not, as the
/// mediators) and with the full pipeline, MediatR 5.1 and Mediator 3 (Wolverine is <see cref="WolverineSubjects"/>).
/// Each method runs a number of operations and returns once both event handlers of every one have run. They attach no
/// telemetry listener: with none, the framework's spans and metrics cost a flag check.
/// </summary>
internal sealed class DispatchSubjects : IDisposable
{
    private readonly OperationTracker _baselineTracker = new();
    private readonly OperationTracker _directTracker = new();
    private readonly OperationTracker _unvalidatedTracker = new();
    private readonly OperationTracker _fullTracker = new();
    private readonly OperationTracker _mediatRTracker = new();
    private readonly OperationTracker _mediatorTracker = new();
    private readonly ServiceProvider _baselineServices;
    private readonly ServiceProvider _directServices;
    private readonly ServiceProvider _unvalidatedServices;
    private readonly ServiceProvider _fullServices;
    private readonly ServiceProvider _mediatRServices;
    private readonly MediatorPeer _mediator;
    private readonly Func<int, ValueTask> _callHandlers;
    private readonly Func<int, ValueTask> _sendDirect;
    private readonly Func<int, ValueTask> _sendUnvalidated;
    private readonly Func<int, ValueTask> _sendFull;
    private readonly Func<int, ValueTask> _sendMediatR;
    private readonly Func<int, ValueTask> _sendMediator;

    public DispatchSubjects()
    {
        var fullPipeline = new BenchtestSettings();
        _baselineServices = BenchtestServices.Build(_baselineTracker, fullPipeline);
        var commandHandler = _baselineServices.GetRequiredService<ICommandHandler<RecordNumber>>();
        var directCallContext = new DirectCallContext([.. _baselineServices.GetServices<IEventHandler<NumberRecorded>>()]);
        _callHandlers = sequence => commandHandler.HandleAsync(new RecordNumber(sequence, OperationLoop.Number), directCallContext, CancellationToken.None);
        _directServices = BenchtestServices.Build(_directTracker, fullPipeline with { Direct = true });
        _sendDirect = Sender(_directServices.GetRequiredService<ICommandBus>());
        _unvalidatedServices = BenchtestServices.Build(_unvalidatedTracker, fullPipeline with { Direct = true, DirectValidation = false });
        _sendUnvalidated = Sender(_unvalidatedServices.GetRequiredService<ICommandBus>());
        _fullServices = BenchtestServices.Build(_fullTracker, fullPipeline);
        _sendFull = Sender(_fullServices.GetRequiredService<ICommandBus>());
        _mediatRServices = MediatRServices.Build(_mediatRTracker);
        var mediatR = _mediatRServices.GetRequiredService<IMediator>();
        _sendMediatR = sequence => new ValueTask(mediatR.Send(new RecordNumberRequest(sequence, OperationLoop.Number)));
        _mediator = new MediatorPeer(_mediatorTracker.HandlerFinished);
        _sendMediator = sequence => OperationLoop.WithoutResult(_mediator.SendAsync(sequence, OperationLoop.Number));
    }

    /// <summary>The baseline: the command handler called in line; its context calls both event handlers in line.</summary>
    public Task CallHandlersDirectlyAsync(int operations) => OperationLoop.RunAsync(_baselineTracker, operations, _callHandlers);

    public Task SendDirectAsync(int operations) => OperationLoop.RunAsync(_directTracker, operations, _sendDirect);

    public Task SendDirectUnvalidatedAsync(int operations) => OperationLoop.RunAsync(_unvalidatedTracker, operations, _sendUnvalidated);

    public Task SendThroughFullPipelineAsync(int operations) => OperationLoop.RunAsync(_fullTracker, operations, _sendFull);

    /// <summary>MediatR: each request handled (its notification published to both handlers) before the next is sent.</summary>
    public Task SendWithMediatRAsync(int operations) => OperationLoop.RunAsync(_mediatRTracker, operations, _sendMediatR);

    /// <summary>Mediator 3: as MediatR, through its source-generated mediator.</summary>
    public Task SendWithMediatorAsync(int operations) => OperationLoop.RunAsync(_mediatorTracker, operations, _sendMediator);

    public void Dispose()
    {
        _baselineServices.Dispose();
        _directServices.Dispose();
        _unvalidatedServices.Dispose();
        _fullServices.Dispose();
        _mediatRServices.Dispose();
        _mediator.Dispose();
    }

    private static Func<int, ValueTask> Sender(ICommandBus bus) =>
        sequence => OperationLoop.WithoutResult(bus.SendAsync(new RecordNumber(sequence, OperationLoop.Number)));
}
