namespace Cqrs.Generators.Emit;

/// <summary>Emits the <c>AddCqrs(configure)</c> and <c>AddCqrs(configuration, configure)</c> overloads that pass this assembly's registry.</summary>
internal static class ServiceCollectionEmitter
{
    public static string Emit(string registryName) => CodeWriter.GeneratedFile()
        .Open("namespace Microsoft.Extensions.DependencyInjection")
        .Open("internal static class CqrsGeneratedServiceCollectionExtensions")
        .Line("/// <summary>Registers the buses with the messages, handlers and validators of this assembly.</summary>")
        .Line("internal static global::Cqrs.CqrsBuilder AddCqrs(")
        .Line("    this global::Microsoft.Extensions.DependencyInjection.IServiceCollection services,")
        .Line("    global::System.Action<global::Cqrs.CqrsOptions>? configure = null) =>")
        .Line($"    services.AddCqrs(global::Cqrs.Generated.{registryName}.Instance, configure);")
        .Line()
        .Line("/// <summary>Registers the buses with the messages, handlers and validators of this assembly, options bound from a configuration section such as <c>Cqrs</c>.</summary>")
        .Line("internal static global::Cqrs.CqrsBuilder AddCqrs(")
        .Line("    this global::Microsoft.Extensions.DependencyInjection.IServiceCollection services,")
        .Line("    global::Microsoft.Extensions.Configuration.IConfiguration configuration,")
        .Line("    global::System.Action<global::Cqrs.CqrsOptions>? configure = null) =>")
        .Line($"    services.AddCqrs(global::Cqrs.Generated.{registryName}.Instance, configuration, configure);")
        .Close()
        .Close()
        .ToString();
}
