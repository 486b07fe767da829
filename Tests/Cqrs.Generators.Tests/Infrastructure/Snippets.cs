namespace Cqrs.Generators.Tests.Infrastructure;

/// <summary>Source fragments shared by tests.</summary>
internal static class Snippets
{
    /// <summary>
    /// A stand-in for the aggregate contract of Cqrs.EventSourcing, so that the tests need not reference that
    /// assembly. It declares a block-scoped namespace, so snippets that use it declare theirs the same way.
    /// </summary>
    public const string AggregateContract = """
        namespace Cqrs.EventSourcing
        {
            public interface IAggregate<TSelf>
                where TSelf : IAggregate<TSelf>
            {
                static abstract TSelf Initial { get; }

                TSelf Apply(IEvent @event);
            }
        }

        """;

    /// <summary>The aggregate state <c>Bank.Account</c>, with its contract, marked with <paramref name="attributes"/>.</summary>
    public static string Account(string attributes = "[WireName(\"bank.account\")]") => AggregateContract + $$"""
        namespace Bank
        {
            using Cqrs.EventSourcing;

            {{attributes}}
            public sealed record Account([property: Key(0)] Guid Id, [property: Key(1)] decimal Balance) : IAggregate<Account>
            {
                public static Account Initial { get; } = new(Guid.Empty, 0m);

                [Key(2)] public IReadOnlyList<string> History { get; init; } = [];

                public bool IsOverdrawn => Balance < 0;

                public Account Apply(IEvent @event) => this with { History = [.. History, @event.GetType().Name] };
            }
        }

        """;

    /// <summary>A command handler class for <paramref name="command"/>.</summary>
    public static string CommandHandler(string name, string command) => $$"""
        public sealed class {{name}} : ICommandHandler<{{command}}>
        {
            public ValueTask HandleAsync({{command}} command, IMessageContext context, CancellationToken cancellationToken) => default;
        }

        """;

    /// <summary>An event handler class for <paramref name="eventType"/>.</summary>
    public static string EventHandler(string name, string eventType) => $$"""
        public sealed class {{name}} : IEventHandler<{{eventType}}>
        {
            public ValueTask HandleAsync({{eventType}} @event, IMessageContext context, CancellationToken cancellationToken) => default;
        }

        """;
}
