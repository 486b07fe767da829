using Cqrs.Benchmarks.Mediator;
using Cqrs.Benchmarks.Micro.MediatR;
using Cqrs.Benchmarks.Micro.SourceGeneratedMediator;
using Cqrs.Benchtest;
using Cqrs.Benchtest.Messages;
using global::MediatR;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Benchmarks.Micro;

/// <summary>
/// The ways the dispatch benchmarks run operations (a command and its event, handled by two handlers) in line or
/// through a worker: the handlers called directly, our bus in direct mode (validated, as by default, and not) and with
/// the full pipeline, MediatR 5.1 and Mediator 3 each unvalidated and validated with the same FluentValidation rules
/// as ours (Wolverine is <see cref="WolverineSubjects"/>).
/// Each method runs a number of operations and returns once both event handlers of every one have run. They attach no
/// telemetry listener: with none, the framework's spans and metrics cost a flag check.
/// </summary>
internal sealed class DispatchSubjects : IDisposable
{
    /// <summary>Out of every subject's range: the validators reject it.</summary>
    private const int InvalidNumber = -1;

    private readonly OperationTracker _baselineTracker = new();
    private readonly OperationTracker _directTracker = new();
    private readonly OperationTracker _unvalidatedTracker = new();
    private readonly OperationTracker _fullTracker = new();
    private readonly OperationTracker _mediatRTracker = new();
    private readonly OperationTracker _mediatorTracker = new();
    private readonly OperationTracker _validatedMediatRTracker = new();
    private readonly OperationTracker _validatedMediatorTracker = new();
    private readonly ServiceProvider _baselineServices;
    private readonly ServiceProvider _directServices;
    private readonly ServiceProvider _unvalidatedServices;
    private readonly ServiceProvider _fullServices;
    private readonly ServiceProvider _mediatRServices;
    private readonly ServiceProvider _validatedMediatRServices;
    private readonly MediatorPeer _mediator;
    private readonly MediatorPeer _validatedMediator;
    private readonly Func<int, ValueTask> _callHandlers;
    private readonly Func<int, ValueTask> _sendDirect;
    private readonly Func<int, ValueTask> _sendUnvalidated;
    private readonly Func<int, ValueTask> _sendFull;
    private readonly Func<int, ValueTask> _sendMediatR;
    private readonly Func<int, ValueTask> _sendMediator;
    private readonly Func<int, ValueTask> _sendValidatedMediatR;
    private readonly Func<int, ValueTask> _sendValidatedMediator;

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
        _mediatRServices = MediatRServices.Build(_mediatRTracker, validated: false);
        _sendMediatR = MediatRSender(_mediatRServices.GetRequiredService<IMediator>());
        _validatedMediatRServices = MediatRServices.Build(_validatedMediatRTracker, validated: true);
        _sendValidatedMediatR = MediatRSender(_validatedMediatRServices.GetRequiredService<IMediator>());
        _mediator = new MediatorPeer(_mediatorTracker.HandlerFinished);
        _sendMediator = MediatorSender(_mediator);
        _validatedMediator = new MediatorPeer(_validatedMediatorTracker.HandlerFinished, MediatorValidation.Add);
        _sendValidatedMediator = MediatorSender(_validatedMediator);
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

    /// <summary>MediatR with FluentValidation: the request through a pipeline behaviour, the notification on publish.</summary>
    public Task SendWithValidatedMediatRAsync(int operations) => OperationLoop.RunAsync(_validatedMediatRTracker, operations, _sendValidatedMediatR);

    /// <summary>Mediator with FluentValidation: the command through a pipeline behaviour, the notification on publish.</summary>
    public Task SendWithValidatedMediatorAsync(int operations) => OperationLoop.RunAsync(_validatedMediatorTracker, operations, _sendValidatedMediator);

    /// <summary>
    /// Each subject that validates, by name, with a send of an invalid command and a publication of an invalid event
    /// on its own path: each is to throw <see cref="FluentValidation.ValidationException"/> before any handler runs.
    /// </summary>
    public IEnumerable<(string Subject, Func<Task> SendInvalidCommand, Func<Task> PublishInvalidEvent)> ValidatedSubjects()
    {
        yield return ("Cqrs direct dispatch", () => SendInvalidAsync(_directServices), () => PublishInvalidAsync(_directServices));
        yield return ("Cqrs full pipeline", () => SendInvalidAsync(_fullServices), () => PublishInvalidAsync(_fullServices));
        var mediatR = _validatedMediatRServices.GetRequiredService<IMediator>();
        yield return ("MediatR + FluentValidation",
            () => mediatR.Send(new RecordNumberRequest(0, InvalidNumber)),
            () => mediatR.Publish(new MediatR.NumberRecordedNotification(0, InvalidNumber)));
        yield return ("Mediator + FluentValidation",
            () => _validatedMediator.SendAsync(0, InvalidNumber).AsTask(),
            () => _validatedMediator.PublishAsync(0, InvalidNumber).AsTask());
    }

    public void Dispose()
    {
        _baselineServices.Dispose();
        _directServices.Dispose();
        _unvalidatedServices.Dispose();
        _fullServices.Dispose();
        _mediatRServices.Dispose();
        _validatedMediatRServices.Dispose();
        _mediator.Dispose();
        _validatedMediator.Dispose();
    }

    private static Func<int, ValueTask> Sender(ICommandBus bus) =>
        sequence => OperationLoop.WithoutResult(bus.SendAsync(new RecordNumber(sequence, OperationLoop.Number)));

    private static Func<int, ValueTask> MediatRSender(IMediator mediatR) =>
        sequence => new ValueTask(mediatR.Send(new RecordNumberRequest(sequence, OperationLoop.Number)));

    private static Func<int, ValueTask> MediatorSender(MediatorPeer mediator) =>
        sequence => OperationLoop.WithoutResult(mediator.SendAsync(sequence, OperationLoop.Number));

    private static Task<SentMessage> SendInvalidAsync(ServiceProvider services) =>
        services.GetRequiredService<ICommandBus>().SendAsync(new RecordNumber(0, InvalidNumber)).AsTask();

    private static Task<SentMessage> PublishInvalidAsync(ServiceProvider services) =>
        services.GetRequiredService<IEventBus>().PublishAsync(new NumberRecorded(0, InvalidNumber)).AsTask();
}
