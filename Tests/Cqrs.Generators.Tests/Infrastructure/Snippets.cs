namespace Cqrs.Generators.Tests.Infrastructure;

/// <summary>Source fragments shared by tests.</summary>
internal static class Snippets
{
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
