using System.Diagnostics.Metrics;
using Cqrs.Testing.Domain.Faults;
using Cqrs.Testing.Domain.Orders;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Diagnostics;
using Cqrs.Tests.Domain.Faults;
using Cqrs.Tests.Support;
using FluentValidation;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Pipeline;

/// <summary>Validation at publish: the caller gets every error, and nothing is sent.</summary>
public sealed class PublishValidationTests : IDisposable
{
    private readonly RecordingMeterFactory _meters = new();

    /// <summary>Direct dispatch validates at send too, by default: the caller gets the same error in every mode.</summary>
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task SendAsync_InvalidCommand_ThrowsEveryErrorAndSendsNothing(bool directDispatch)
    {
        await using var provider = CreateProvider(options => options.DirectDispatch = directDispatch);
        var recorder = provider.GetRequiredService<Recorder>();

        var error = await Assert.ThrowsAsync<ValidationException>(
            () => provider.GetRequiredService<ICommandBus>().SendAsync(SampleOrders.Invalid()).AsTask());

        Assert.Equal(["Customer", "Lines", "Total"], error.Errors.Select(failure => failure.PropertyName).Order());
        await provider.DisposeAsync();
        Assert.Empty(recorder.Deliveries);
        Assert.Empty(_meters.Of(CqrsDiagnostics.MessagesSent));
    }

    [Fact]
    public async Task SendAsync_InvalidCommand_FailsTheReturnedTaskRatherThanTheCall()
    {
        await using var provider = CreateProvider();

        var sending = provider.GetRequiredService<ICommandBus>().SendAsync(SampleOrders.Invalid());

        Assert.True(sending.IsFaulted);
        await Assert.ThrowsAsync<ValidationException>(() => sending.AsTask());
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task PublishAsync_InvalidEvent_ThrowsEveryErrorAndPublishesNothing(bool directDispatch)
    {
        await using var provider = CreateProvider(options => options.DirectDispatch = directDispatch);
        var recorder = provider.GetRequiredService<Recorder>();

        var error = await Assert.ThrowsAsync<ValidationException>(
            () => provider.GetRequiredService<IEventBus>().PublishAsync(new FlakyEvent(Guid.Empty, Failures: -1)).AsTask());

        Assert.Equal(["Failures", "Id"], error.Errors.Select(failure => failure.PropertyName).Order());
        await provider.DisposeAsync();
        Assert.Empty(recorder.Deliveries);
        Assert.Empty(_meters.Of(CqrsDiagnostics.MessagesSent));
    }

    [Fact]
    public async Task PublishAsync_InvalidEventFromAHandler_FailsThatHandlerAndPublishesNothing()
    {
        await using var provider = CreateProvider(options =>
        {
            options.Retry.ImmediateRetries = 1;
            options.Retry.Delays = [];
        });
        var recorder = provider.GetRequiredService<Recorder>();
        var deadLetters = provider.GetRequiredService<InProcessDeadLetterQueue>();

        await provider.GetRequiredService<ICommandBus>().SendAsync(new RaiseInvalidEvent(Guid.NewGuid()));

        await recorder.WaitForAsync<RaiseInvalidEventHandler>(count: 2);
        await provider.DisposeAsync();
        var letter = Assert.Single(deadLetters.Snapshot());
        Assert.Equal(("tests.v1.raise-invalid-event", DeadLetterReasons.HandlerFailed), (letter.WireName, letter.Reason));
        Assert.Contains(typeof(ValidationException).FullName!, letter.Description, StringComparison.Ordinal);
        Assert.Equal(2, recorder.Deliveries.Count);
        Assert.Empty(_meters.Of(CqrsDiagnostics.MessagesSent, "tests.v1.flaky-event"));
        Assert.Single(_meters.Of(CqrsDiagnostics.MessagesSent, "tests.v1.raise-invalid-event"));
    }

    public void Dispose() => _meters.Dispose();

    [Fact]
    public async Task SendAsync_InvalidCommandInDirectDispatchWithoutValidation_ReachesTheHandler()
    {
        await using var provider = CreateProvider(options =>
        {
            options.DirectDispatch = true;
            options.ValidateInDirectDispatch = false;
        });

        await provider.GetRequiredService<ICommandBus>().SendAsync(SampleOrders.Invalid());

        Assert.Single(await provider.GetRequiredService<Recorder>().WaitForAsync<SubmitOrderHandler>());
    }

    private ServiceProvider CreateProvider(Action<CqrsOptions>? configure = null) =>
        TestHost.Create(configure, services => services.AddSingleton<IMeterFactory>(_meters));
}
