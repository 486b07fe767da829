using Cqrs;
using Cqrs.Functions;
using Cqrs.Functions.Ingestion;
using Microsoft.Extensions.Options;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers HTTP command ingestion.</summary>
public static class CommandIngestionServiceCollectionExtensions
{
    /// <summary>
    /// Adds <see cref="CommandIngestion"/> for the commands <paramref name="accept"/> names, and no other; its limits
    /// are bound from <see cref="CommandIngestionOptions.SectionName"/>. Call <c>AddCqrs</c> too: ingestion sends
    /// through its <see cref="ICommandBus"/>. The host fails to start when a command accepted is one the app sends only
    /// to itself (a saga's timeout).
    /// </summary>
    public static IServiceCollection AddCommandIngestion(this IServiceCollection services, Action<CommandIngestionBuilder> accept)
    {
        ArgumentNullException.ThrowIfNull(accept);
        var builder = new CommandIngestionBuilder();
        accept(builder);
        services.AddOptions<CommandIngestionOptions>()
            .BindConfiguration(CommandIngestionOptions.SectionName)
            .Validate(options => options.MaxBodyBytes > 0, $"{nameof(CommandIngestionOptions.MaxBodyBytes)} must be positive.")
            .Validate(options => options.BodyTimeout > TimeSpan.Zero, $"{nameof(CommandIngestionOptions.BodyTimeout)} must be positive.")
            .Validate(options => options.RetryAfter >= TimeSpan.Zero, $"{nameof(CommandIngestionOptions.RetryAfter)} may not be negative.")
            // Resolving the accepted commands at start-up makes a forbidden one fail the start, not the first call.
            .Validate<IngestibleCommands>((_, commands) => commands.ByWireName.Count >= 0)
            .ValidateOnStart();
        services.AddSingleton(provider => builder.Build(provider.GetRequiredService<CqrsBuilder>()));
        services.AddSingleton(provider => new CommandIngestion(
            provider.GetRequiredService<ICommandBus>(),
            provider.GetRequiredService<IngestibleCommands>(),
            provider.GetRequiredService<IOptions<CommandIngestionOptions>>().Value,
            provider.GetRequiredService<TimeProvider>()));
        return services;
    }

    /// <summary>
    /// Adds <see cref="CommandIngestion"/> for the commands the app's registries declare public
    /// (<see cref="PublicCommandAttribute"/>), each under its wire name; the same as
    /// <c>AddCommandIngestion(accept =&gt; accept.PublicCommands())</c>.
    /// </summary>
    public static IServiceCollection AddCommandIngestion(this IServiceCollection services) =>
        services.AddCommandIngestion(accept => accept.PublicCommands());
}
