using Cqrs.Testing.Domain.Faults;
using Cqrs.Testing.Domain.Probes;
using Cqrs.Tests.Domain.Scopes;
using Cqrs.Tests.Domain.Wrapping;
using Cqrs.Tests.Support;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Tests.Pipeline;

/// <summary>Handler middleware: registered as services, run around every handler call, in registration order.</summary>
public sealed class HandlerMiddlewareTests
{
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Send_TwoMiddlewares_WrapEveryHandlerCallInRegistrationOrder(bool directDispatch)
    {
        await using var provider = TestHost.Create(
            options => options.DirectDispatch = directDispatch,
            services => services.AddSingleton<MiddlewareLog>()
                .AddSingleton(typeof(IHandlerMiddleware<>), typeof(OuterMiddleware<>))
                .AddSingleton(typeof(IHandlerMiddleware<>), typeof(InnerMiddleware<>)));
        var log = provider.GetRequiredService<MiddlewareLog>();

        await provider.GetRequiredService<ICommandBus>().SendAsync(new ProbeScope(7));

        await WaitForBothEventHandlersAsync(provider);
        await provider.DisposeAsync();
        AssertWrappedInOrder(log.Around<ProbeScopeHandler>(), new ProbeScope(7));
        AssertWrappedInOrder(log.Around<FirstScopeProbedHandler>(), new ScopeProbed(7));
        AssertWrappedInOrder(log.Around<SecondScopeProbedHandler>(), new ScopeProbed(7));
    }

    [Fact]
    public async Task Send_MiddlewareSkipsTheCall_TheHandlerDoesNotRunAndNothingIsDeadLettered()
    {
        await using var provider = TestHost.Create(addServices: services => services.AddSingleton<IHandlerMiddleware<ProbeScope>, SkipOddProbes>());
        var recorder = provider.GetRequiredService<Recorder>();
        var deadLetters = provider.GetRequiredService<InProcessDeadLetterQueue>();
        var bus = provider.GetRequiredService<ICommandBus>();

        await bus.SendAsync(new ProbeScope(1));
        await bus.SendAsync(new ProbeScope(2));

        await WaitForBothEventHandlersAsync(provider);
        await provider.DisposeAsync();
        Assert.Equal(new ProbeScope(2), Assert.Single(recorder.Of<ProbeScopeHandler>()).Message);
        Assert.Empty(deadLetters.Snapshot());
    }

    [Fact]
    public async Task Send_MiddlewareThrows_IsRetriedThenDeadLetteredAsTheHandlersFailure()
    {
        await using var provider = TestHost.Create(
            options =>
            {
                options.Retry.ImmediateRetries = 1;
                options.Retry.Delays = [];
            },
            services => services.AddSingleton<MiddlewareLog>()
                .AddSingleton<IHandlerMiddleware<ProbeScope>, FailingMiddleware<ProbeScope>>());
        var deadLetters = provider.GetRequiredService<InProcessDeadLetterQueue>();
        var log = provider.GetRequiredService<MiddlewareLog>();
        var recorder = provider.GetRequiredService<Recorder>();

        await provider.GetRequiredService<ICommandBus>().SendAsync(new ProbeScope(5));

        await provider.DisposeAsync();
        var letter = Assert.Single(deadLetters.Snapshot());
        Assert.Equal(("tests.v1.probe-scope", DeadLetterReasons.HandlerFailed), (letter.WireName, letter.Reason));
        Assert.Contains(typeof(InjectedFailureException).FullName!, letter.Description, StringComparison.Ordinal);
        Assert.Equal(2, log.Around<ProbeScopeHandler>().Count);
        Assert.Empty(recorder.Deliveries);
    }

    [Fact]
    public async Task Send_MiddlewareCallsNextAgain_RunsTheHandlerAgain()
    {
        await using var provider = TestHost.Create(
            options =>
            {
                options.Retry.ImmediateRetries = 0;
                options.Retry.Delays = [];
            },
            services => services.AddSingleton<IHandlerMiddleware<FlakyCommand>, RetryOnceMiddleware<FlakyCommand>>());
        var deadLetters = provider.GetRequiredService<InProcessDeadLetterQueue>();
        var recorder = provider.GetRequiredService<Recorder>();
        var command = new FlakyCommand(Guid.NewGuid(), Failures: 1);

        await provider.GetRequiredService<ICommandBus>().SendAsync(command);

        await recorder.WaitForAsync<FlakyCommandHandler>(count: 2);
        await provider.DisposeAsync();
        Assert.Equal(2, recorder.Of<FlakyCommandHandler>().Count);
        Assert.Empty(deadLetters.Snapshot());
    }

    [Fact]
    public async Task Send_ScopedHandlers_EachMiddlewareIsResolvedFromItsHandlersScope()
    {
        await using var provider = TestHost.Create(
            options => options.HandlerLifetime = ServiceLifetime.Scoped,
            services => services.AddSingleton<MiddlewareLog>().AddScoped(typeof(IHandlerMiddleware<>), typeof(ScopeShowingMiddleware<>)));
        var recorder = provider.GetRequiredService<Recorder>();
        var log = provider.GetRequiredService<MiddlewareLog>();

        await provider.GetRequiredService<ICommandBus>().SendAsync(new ProbeScope(3));

        await WaitForBothEventHandlersAsync(provider);
        await provider.DisposeAsync();
        Assert.Equal(Assert.Single(recorder.Of<ProbeScopeHandler>()).Note, Assert.Single(log.Around<ProbeScopeHandler>()).ScopeId);
        Assert.Equal(Assert.Single(recorder.Of<FirstScopeProbedHandler>()).Note, Assert.Single(log.Around<FirstScopeProbedHandler>()).ScopeId);
        Assert.NotEqual(Assert.Single(log.Around<ProbeScopeHandler>()).ScopeId, Assert.Single(log.Around<FirstScopeProbedHandler>()).ScopeId);
    }

    private static async Task WaitForBothEventHandlersAsync(IServiceProvider provider)
    {
        var recorder = provider.GetRequiredService<Recorder>();
        await recorder.WaitForAsync<FirstScopeProbedHandler>();
        await recorder.WaitForAsync<SecondScopeProbedHandler>();
    }

    private static void AssertWrappedInOrder(IReadOnlyList<MiddlewareCall> calls, object message)
    {
        Assert.Equal(["outer before", "inner before", "inner after", "outer after"], calls.Select(call => $"{call.Middleware} {call.Step}"));
        Assert.All(calls, call => Assert.Equal(message, call.Message));
    }
}
