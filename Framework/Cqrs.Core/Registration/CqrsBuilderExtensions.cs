using Cqrs;
using Cqrs.Transports;
using Microsoft.Extensions.DependencyInjection.Extensions;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>
/// Choices made on a <see cref="CqrsBuilder"/> that name the pipeline's seams. They live beside <c>AddCqrs</c>, above
/// the contracts the builder is made of, so that those contracts depend on no seam.
/// </summary>
public static class CqrsBuilderExtensions
{
    /// <summary>
    /// Carries the buses' messages on the transport <paramref name="factory"/> builds, once per container, instead of the
    /// in-process one. The transport comes from its own package (see <see cref="ITransport"/>).
    /// </summary>
    /// <exception cref="ArgumentNullException"><paramref name="builder"/> or <paramref name="factory"/> is null.</exception>
    public static CqrsBuilder UseTransport(this CqrsBuilder builder, Func<IServiceProvider, ITransport> factory)
    {
        ArgumentNullException.ThrowIfNull(builder);
        ArgumentNullException.ThrowIfNull(factory);
        builder.Services.Replace(ServiceDescriptor.Singleton(factory));
        return builder;
    }
}
