using Cqrs.Generators.Tests.Infrastructure;
using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Generators.Tests.RoundTrip;

/// <summary>What the generated key readers give at run time: the key a transport is handed with each message.</summary>
public sealed class OrderingKeyRuntimeTests : IDisposable
{
    private const string Source = """
        namespace Bank;

        public enum Region : short { North = 7, South = -3 }

        [WireName("bank.open")]
        public sealed record Open([property: Key(0), OrderingKey] string? AccountId) : ICommand;

        [WireName("bank.deposit")]
        public sealed record Deposit([property: Key(0), OrderingKey] Guid AccountId) : ICommand;

        [WireName("bank.audit")]
        public sealed record Audit([property: Key(0), OrderingKey] ulong? Batch) : ICommand;

        [WireName("bank.moved")]
        public sealed record Moved([property: Key(0), OrderingKey] Region To) : IEvent;

        [WireName("bank.noted")]
        public sealed record Noted([property: Key(0)] int Number) : IEvent;
        """;

    private readonly GeneratedAssembly _bank = new(Source, "Bank");

    public void Dispose() => _bank.Dispose();

    [Fact]
    public async Task Messages_SentWithTheirOrderingKeys_ReachTheTransportWithTheKeysText()
    {
        var account = Guid.NewGuid();

        var keys = await SendAsync(
            Message("Bank.Open", "acc-1"),
            Message("Bank.Deposit", account),
            Message("Bank.Audit", (ulong?)ulong.MaxValue),
            Message("Bank.Moved", Enum.ToObject(_bank.Type("Bank.Region"), -3)),
            Message("Bank.Noted", 5));

        Assert.Equal(["acc-1", account.ToString("D"), "18446744073709551615", "-3", null], keys);
    }

    [Fact]
    public async Task Messages_WithANullOrEmptyKey_ReachTheTransportUnordered()
    {
        var keys = await SendAsync(Message("Bank.Open", ""), Message("Bank.Open", null), Message("Bank.Audit", null));

        Assert.Equal([null, null, null], keys);
    }

    private object Message(string type, object? key) => Activator.CreateInstance(_bank.Type(type), key)!;

    /// <summary>Sends or publishes each message through the buses, and returns the ordering key the transport was handed with each.</summary>
    private async Task<List<string?>> SendAsync(params object[] messages)
    {
        var transport = new CapturingTransport();
        var services = new ServiceCollection();
        services.AddCqrs((IMessageRegistry)_bank.Type("Cqrs.Generated.BankMessageRegistry").GetProperty("Instance")!.GetValue(null)!)
            .UseTransport(_ => transport);
        await using var provider = services.BuildServiceProvider(new ServiceProviderOptions { ValidateOnBuild = true, ValidateScopes = true });
        foreach (var message in messages)
        {
            await (message is IEvent @event
                ? provider.GetRequiredService<IEventBus>().PublishAsync(@event)
                : provider.GetRequiredService<ICommandBus>().SendAsync((ICommand)message));
        }

        return [.. transport.Sent.Select(sent => sent.OrderingKey)];
    }

    /// <summary>A transport that keeps what it is handed and delivers nothing.</summary>
    private sealed class CapturingTransport : ITransport
    {
        public List<TransportMessage> Sent { get; } = [];

        public string Name => "capturing";

        public bool HandlesLocallyOnly => false;

        public void Start(ITransportReceiver receiver)
        {
        }

        public ValueTask SendAsync(TransportMessage message, TransportMessage? cause, CancellationToken cancellationToken)
        {
            Sent.Add(message);
            return ValueTask.CompletedTask;
        }

        public ValueTask ScheduleAsync(TransportMessage message, TimeSpan delay, CancellationToken cancellationToken) => ValueTask.CompletedTask;

        public Task StopAsync() => Task.CompletedTask;

        public ValueTask DeadLetterAsync(TransportMessage message, string reason, string description, CancellationToken cancellationToken) => ValueTask.CompletedTask;

        public ValueTask DisposeAsync() => ValueTask.CompletedTask;
    }
}
