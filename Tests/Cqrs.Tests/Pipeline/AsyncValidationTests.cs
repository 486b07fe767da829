using Cqrs.Pipeline;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Testing.Domain.Screening;
using Cqrs.Tests.Domain.Screening;
using Cqrs.Tests.Support;
using Cqrs.Transports;
using FluentValidation;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Pipeline;

/// <summary>
/// Validators with asynchronous rules (<c>MustAsync</c>), which FluentValidation refuses to run synchronously: they
/// run asynchronously, beside synchronous validators of the same type, and every failure of every validator is reported.
/// </summary>
public sealed class AsyncValidationTests
{
    [Theory]
    [InlineData(ServiceLifetime.Singleton)]
    [InlineData(ServiceLifetime.Scoped)]
    public async Task SendAsync_AsyncAndSyncRulesFail_ThrowsEveryErrorOfBothValidatorsEachTime(ServiceLifetime handlerLifetime)
    {
        await using var provider = TestHost.Create(options => options.HandlerLifetime = handlerLifetime);
        var recorder = provider.GetRequiredService<Recorder>();
        var bus = provider.GetRequiredService<ICommandBus>();

        // The second send finds the name validator already known to be asynchronous.
        foreach (var attempt in new[] { 1, 2 })
        {
            var error = await Assert.ThrowsAsync<ValidationException>(() => bus.SendAsync(new Enrol("ada", 200)).AsTask());

            Assert.Equal(["Age", "Name"], error.Errors.Select(failure => failure.PropertyName).Order());
            Assert.Contains(Roster.NotListed, error.Message, StringComparison.Ordinal);
        }

        await provider.DisposeAsync();
        Assert.Empty(recorder.Deliveries);
    }

    [Fact]
    public async Task SendAsync_AsyncRulesPass_HandlesTheCommandAndTheEventItRaises()
    {
        await using var provider = TestHost.Create();
        var recorder = provider.GetRequiredService<Recorder>();

        var sent = await provider.GetRequiredService<ICommandBus>().SendAsync(new Enrol("Ada", 36));

        var enrolled = Assert.Single(await recorder.WaitForAsync<EnrolledHandler>());
        Assert.Equal(new Enrolled("Ada"), enrolled.Message);
        Assert.Equal(sent.MessageId, enrolled.CausationId);
        Assert.Equal(sent.MessageId, Assert.Single(recorder.Of<EnrolHandler>()).MessageId);
    }

    [Fact]
    public async Task PublishAsync_AsyncRuleFails_ThrowsWithItsError()
    {
        await using var provider = TestHost.Create();

        var error = await Assert.ThrowsAsync<ValidationException>(
            () => provider.GetRequiredService<IEventBus>().PublishAsync(new Enrolled("")).AsTask());

        Assert.Equal(Roster.NotListed, Assert.Single(error.Errors).ErrorMessage);
    }

    [Fact]
    public async Task Receive_CancelledDuringAsyncValidation_AbandonsTheDeliveryUnhandled()
    {
        await using var provider = TestHost.Create();
        var pipeline = provider.GetRequiredService<MessagePipeline>();
        var delivery = new TransportMessage
        {
            MessageId = Guid.CreateVersion7(),
            CorrelationId = Guid.CreateVersion7(),
            WireName = "tests.v1.enrol",
            Body = Payloads.Of(provider, new Enrol("Ada", 30)),
            DeliveryCount = 1,
        };

        var disposition = await pipeline.ReceiveAsync(delivery, new CancellationToken(canceled: true));

        Assert.Equal(DispositionKind.Abandon, disposition.Kind);
        Assert.Empty(provider.GetRequiredService<Recorder>().Deliveries);
        Assert.Empty(provider.GetRequiredService<InProcessDeadLetterQueue>().Snapshot());
    }

    [Fact]
    public async Task AskAsync_AsyncAndSyncRulesFail_ThrowsEveryErrorOfBothValidators()
    {
        await using var provider = TestHost.Create();

        var error = await Assert.ThrowsAsync<ValidationException>(
            () => provider.GetRequiredService<IQueryBus>().AskAsync(new LookUpEnrolment(new string('x', 21))).AsTask());

        Assert.Equal(2, error.Errors.Count());
        Assert.All(error.Errors, failure => Assert.Equal("Name", failure.PropertyName));
        Assert.Contains(error.Errors, failure => failure.ErrorMessage == Roster.NotListed);
    }

    [Fact]
    public async Task AskAsync_AsyncRulePasses_ReturnsTheAnswer()
    {
        await using var provider = TestHost.Create();

        var length = await provider.GetRequiredService<IQueryBus>().AskAsync(new LookUpEnrolment("Ada"));

        Assert.Equal(3, length);
    }
}
