using Cqrs.Testing.Domain.Faults;
using Cqrs.Testing.Domain.Probes;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Testing;

/// <summary>Handler failures: immediate retries, delayed retries, then dead-letter.</summary>
public abstract partial class TransportContractTests
{
    private static readonly TimeSpan TinyDelay = TimeSpan.FromMilliseconds(10);

    /// <summary>An event handler that always fails gets every immediate and delayed retry on its own, then its copy is dead-lettered as <see cref="DeadLetterReasons.HandlerFailed"/>, naming the handler and the exception; the event's other handlers run once.</summary>
    [Fact]
    public async Task Publish_EventHandlerThatAlwaysFails_IsRetriedAloneThenDeadLettered()
    {
        await using var provider = CreateProvider(options =>
        {
            options.Retry.ImmediateRetries = 2;
            options.Retry.Delays = [TinyDelay, TinyDelay];
        });
        var recorder = provider.GetRequiredService<Recorder>();
        var deadLetters = DeadLettersOf(provider);
        var flaky = new FlakyEvent(Guid.NewGuid(), Failures: int.MaxValue);

        var sent = await provider.GetRequiredService<IEventBus>().PublishAsync(flaky);

        var letter = Assert.Single(await WaitForDeadLettersAsync(deadLetters));
        await provider.DisposeAsync();
        const int Attempts = (2 + 1) * (2 + 1);
        Assert.Equal(Attempts, recorder.Of<FlakyEventHandler>().Count);
        Assert.Single(recorder.Of<FirstSteadyHandler>());
        Assert.Single(recorder.Of<SecondSteadyHandler>());
        Assert.Equal((sent.MessageId, "tests.v1.flaky-event"), (letter.MessageId, letter.WireName));
        Assert.Equal((DeadLetterReasons.HandlerFailed, typeof(FlakyEventHandler).FullName), (letter.Reason, letter.Handler));
        Assert.Contains(typeof(InjectedFailureException).FullName!, letter.Description, StringComparison.Ordinal);
        Assert.Contains($"Attempt {Attempts} at event {flaky.Id} failed on purpose.", letter.Description, StringComparison.Ordinal);
        Assert.Single(deadLetters());
    }

    /// <summary>A command handler that always fails is retried immediately as often as configured, then the command is dead-lettered as <see cref="DeadLetterReasons.HandlerFailed"/> with the last exception.</summary>
    [Fact]
    public async Task Send_CommandHandlerThatAlwaysFails_IsRetriedImmediatelyThenDeadLettered()
    {
        await using var provider = CreateProvider(options =>
        {
            options.Retry.ImmediateRetries = 3;
            options.Retry.Delays = [];
        });
        var recorder = provider.GetRequiredService<Recorder>();
        var deadLetters = DeadLettersOf(provider);
        var flaky = new FlakyCommand(Guid.NewGuid(), Failures: int.MaxValue);

        var sent = await provider.GetRequiredService<ICommandBus>().SendAsync(flaky);

        var letter = Assert.Single(await WaitForDeadLettersAsync(deadLetters));
        await provider.DisposeAsync();
        Assert.Equal(3 + 1, recorder.Of<FlakyCommandHandler>().Count);
        Assert.Equal((sent.MessageId, DeadLetterReasons.HandlerFailed), (letter.MessageId, letter.Reason));
        Assert.Contains(typeof(InjectedFailureException).FullName!, letter.Description, StringComparison.Ordinal);
        Assert.Contains($"Attempt 4 at command {flaky.Id} failed on purpose.", letter.Description, StringComparison.Ordinal);
        Assert.Single(deadLetters());
    }

    /// <summary>After the immediate retries, each delayed retry gets a round of them again before the dead letter.</summary>
    [Fact]
    public async Task Send_CommandHandlerThatAlwaysFails_GetsDelayedRetriesBeforeDeadLetter()
    {
        await using var provider = CreateProvider(options =>
        {
            options.Retry.ImmediateRetries = 1;
            options.Retry.Delays = [TinyDelay, TinyDelay, TinyDelay];
        });
        var recorder = provider.GetRequiredService<Recorder>();
        var deadLetters = DeadLettersOf(provider);

        await provider.GetRequiredService<ICommandBus>().SendAsync(new FlakyCommand(Guid.NewGuid(), Failures: int.MaxValue));

        var letter = Assert.Single(await WaitForDeadLettersAsync(deadLetters));
        await provider.DisposeAsync();
        Assert.Equal((1 + 1) * (3 + 1), recorder.Of<FlakyCommandHandler>().Count);
        Assert.Equal(DeadLetterReasons.HandlerFailed, letter.Reason);
        Assert.Single(deadLetters());
    }

    /// <summary>The dead letter's description says how many attempts failed.</summary>
    [Fact]
    public async Task Send_CommandHandlerThatAlwaysFails_IsDeadLetteredWithItsNumberOfAttempts()
    {
        await using var provider = CreateProvider(options =>
        {
            options.Retry.ImmediateRetries = 1;
            options.Retry.Delays = [TinyDelay, TinyDelay, TinyDelay];
        });
        var deadLetters = DeadLettersOf(provider);

        await provider.GetRequiredService<ICommandBus>().SendAsync(new FlakyCommand(Guid.NewGuid(), Failures: int.MaxValue));

        var letter = Assert.Single(await WaitForDeadLettersAsync(deadLetters));
        Assert.Contains($"failed {(1 + 1) * (3 + 1)} times", letter.Description, StringComparison.Ordinal);
    }

    /// <summary>A handler that fails fewer times than the retries allow succeeds on a retry, and nothing is dead-lettered.</summary>
    [Theory]
    [InlineData(2, 0, 2)]
    [InlineData(1, 1, 3)]
    public async Task Send_TransientFailure_SucceedsOnRetryWithoutDeadLetter(int immediateRetries, int delays, int failures)
    {
        await using var provider = CreateProvider(options =>
        {
            options.Retry.ImmediateRetries = immediateRetries;
            options.Retry.Delays = [.. Enumerable.Repeat(TinyDelay, delays)];
        });
        var recorder = provider.GetRequiredService<Recorder>();
        var deadLetters = DeadLettersOf(provider);

        await provider.GetRequiredService<ICommandBus>().SendAsync(new FlakyCommand(Guid.NewGuid(), failures));

        await recorder.WaitForAsync<FlakyCommandHandler>(failures + 1);
        await provider.DisposeAsync();
        Assert.Equal(failures + 1, recorder.Of<FlakyCommandHandler>().Count);
        Assert.Empty(deadLetters());
    }
}
