using Cqrs;
using Cqrs.Functions;
using Microsoft.Extensions.Options;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers HTTP command ingestion.</summary>
public static class CommandIngestionServiceCollectionExtensions
{
    /// <summary>
    /// Adds <see cref="CommandIngestion"/> for the commands <paramref name="accept"/> names; its limits are bound from
    /// <see cref="CommandIngestionOptions.SectionName"/>. Call <c>AddCqrs</c> too: ingestion sends through its <see cref="ICommandBus"/>.
    /// </summary>
    public static IServiceCollection AddCommandIngestion(this IServiceCollection services, Action<CommandIngestionBuilder> accept)
    {
        ArgumentNullException.ThrowIfNull(accept);
        var builder = new CommandIngestionBuilder();
        accept(builder);
        return Add(services, _ => builder);
    }

    /// <summary>
    /// Adds <see cref="CommandIngestion"/> for every command registered with <c>AddCqrs</c>, each under its wire name, bound
    /// through its generated registry entry (JSON to the command's own type, MessagePack with its generated codec); its
    /// limits are bound from <see cref="CommandIngestionOptions.SectionName"/>.
    /// </summary>
    public static IServiceCollection AddCommandIngestion(this IServiceCollection services) =>
        Add(services, provider =>
        {
            var builder = new CommandIngestionBuilder();
            provider.GetRequiredService<CqrsBuilder>().VisitCommands(builder);
            return builder;
        });

    private static IServiceCollection Add(IServiceCollection services, Func<IServiceProvider, CommandIngestionBuilder> accepted)
    {
        services.AddOptions<CommandIngestionOptions>()
            .BindConfiguration(CommandIngestionOptions.SectionName)
            .Validate(options => options.MaxBodyBytes > 0, $"{nameof(CommandIngestionOptions.MaxBodyBytes)} must be positive.")
            .ValidateOnStart();
        services.AddSingleton(provider => new CommandIngestion(
            provider.GetRequiredService<ICommandBus>(),
            accepted(provider).Commands,
            provider.GetRequiredService<IOptions<CommandIngestionOptions>>().Value));
        return services;
    }
}
